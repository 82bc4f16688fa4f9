/*
 * launch.cuh -- every launch of the plugin's own kernels (but the dependent and
 * cooperative ones of split.cu): sweep_gpu_launch(h, name, kernel, grid, block, smem,
 * args...) queues kernel(args...) on the handle's stream and reports a failure.
 *
 * The arguments become the kernel's parameter types first, as in `<<<>>>`, and go to
 * the plugin's launch (gpu_runtime.h: sweep_gpu_launch_kernel) as one pointer each.
 * The CUDA plugin launches through the driver with the kernel's driver handle, looked
 * up once per handle (backends/cuda/cuda_launch.cu): the runtime's launch finds that
 * handle again on every call, and on the H100 a 2^16 scan took 0.56-0.58 of CUB's time
 * launched this way against 0.59-0.62 through the runtime, one call between two events
 * on an idle GPU (docs/perf/scan.md#launches-through-the-driver).
 */
#ifndef SWEEP_GPU_LAUNCH_CUH
#define SWEEP_GPU_LAUNCH_CUH

#include "gpu/host/gpu_backend.h"

#include <stddef.h>
#include <tuple>
#include <utility>

/* f(args), args one pointer per kernel parameter: the arguments converted to the
 * kernel's parameter types P first, as `<<<>>>` does. */
template <class... P, class F, class... A>
static sweep_gpu_error sweep_gpu_with_args(void (*)(P...), F &&f, A &&...args) {
    static_assert(sizeof...(P) == sizeof...(A), "one argument per kernel parameter");
    std::tuple<P...> params(std::forward<A>(args)...);
    return std::apply(
        [&](P &...p) {
            void *ptrs[sizeof...(P) + 1] = {(void *)&p..., NULL};
            return f(ptrs);
        },
        params);
}

/* kernel(args...) on h's stream: grid x block threads, smem bytes of dynamic shared
 * memory. */
template <class... P, class... A>
static sweep_status sweep_gpu_launch(sweep_gpu_handle *h, const char *name, void (*kernel)(P...),
                                     unsigned grid, unsigned block, size_t smem, A &&...args) {
    const sweep_gpu_error err = sweep_gpu_with_args(
        kernel,
        [&](void **ptrs) {
            return sweep_gpu_launch_kernel(h, (const void *)kernel, grid, block, smem, ptrs);
        },
        std::forward<A>(args)...);
    return err == 0 ? SWEEP_OK : sweep_gpu_fail(h, err, name);
}

/* The launches with an attribute (gpu_runtime.h), where the device has them: a
 * dependent launch, which starts while the kernel before it finishes
 * (util/grid_dependency.cuh), and a cooperative one, whose blocks are all resident at
 * once. */
template <class... P, class... A>
static sweep_gpu_error sweep_gpu_dependent(sweep_gpu_stream stream, unsigned grid, unsigned block,
                                           void (*kernel)(P...), A &&...args) {
    return sweep_gpu_with_args(
        kernel,
        [&](void **ptrs) {
            return sweep_gpu_launch_dependent(stream, (const void *)kernel, grid, block, ptrs);
        },
        std::forward<A>(args)...);
}
template <class... P, class... A>
static sweep_gpu_error sweep_gpu_cooperative(sweep_gpu_stream stream, unsigned grid, unsigned block,
                                             size_t smem, int *too_large, void (*kernel)(P...),
                                             A &&...args) {
    return sweep_gpu_with_args(
        kernel,
        [&](void **ptrs) {
            return sweep_gpu_launch_cooperative(stream, (const void *)kernel, grid, block, smem,
                                                ptrs, too_large);
        },
        std::forward<A>(args)...);
}

#endif /* SWEEP_GPU_LAUNCH_CUH */
