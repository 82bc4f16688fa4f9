/* Field reader over a fuzzer input (see fuzz_decode.h). */
#include "fuzz_decode.h"

void fz_reader_init(fz_reader *r, const uint8_t *data, size_t size) {
    r->data = data;
    r->size = size;
    r->pos = 0;
    r->rng.s = t_hash(data, size);
}

uint8_t fz_u8(fz_reader *r) {
    return r->pos < r->size ? r->data[r->pos++] : 0;
}

uint16_t fz_u16(fz_reader *r) {
    uint16_t lo = fz_u8(r);
    return (uint16_t)(lo | (uint16_t)fz_u8(r) << 8);
}

uint64_t fz_next(fz_reader *r) {
    return t_rng_next(&r->rng);
}

void fz_fill(fz_reader *r, void *out, size_t bytes) {
    uint8_t *p = out;
    size_t i = 0;
    for (; i < bytes && r->pos < r->size; ++i)
        p[i] = r->data[r->pos++];
    for (; i < bytes; ++i)
        p[i] = (uint8_t)fz_next(r);
}
