/* Custom operators and comparators of the test programs (see custom.h). */
#include "custom.h"

sweep_custom_op_desc t_op_desc(const char *name, size_t elem_size, size_t elem_align,
                               const void *identity, sweep_combine_fn combine,
                               const char *device_source) {
    sweep_custom_op_desc d;
    memset(&d, 0, sizeof d);
    d.name = name;
    d.elem_size = elem_size;
    d.elem_align = elem_align;
    d.identity = identity;
    d.combine = combine;
    d.device_source = device_source;
    return d;
}

sweep_custom_compare_desc t_compare_desc(const char *name, size_t key_size, size_t key_align,
                                         sweep_less_fn less, const char *device_source) {
    sweep_custom_compare_desc d;
    memset(&d, 0, sizeof d);
    d.name = name;
    d.key_size = key_size;
    d.key_align = key_align;
    d.less = less;
    d.device_source = device_source;
    return d;
}

void t_affine32_then(const void *first, const void *second, void *out, void *user) {
    (void)user;
    T_AFFINE_COMPOSE(first, second, out, t_affine32, uint32_t, uint32_t);
}

static const char affine32_source[] =
    T_AFFINE_SOURCE("t_affine32", "affine_then", "uint32_t", "uint32_t");
static const t_affine32 affine32_identity = {1, 0};

sweep_custom_op_desc t_affine32_desc(void) {
    return t_op_desc("affine_then", sizeof(t_affine32), 4, &affine32_identity, t_affine32_then,
                     affine32_source);
}

o_op t_affine32_oracle(void) {
    return o_custom(sizeof(t_affine32), &affine32_identity, t_affine32_then, NULL);
}
