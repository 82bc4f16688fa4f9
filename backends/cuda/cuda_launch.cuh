/*
 * cuda_launch.cuh -- every kernel launch of the plugin (but the dependent launches of
 * cuda_dependent_launch.cuh): sweep_cuda_launch(h, name, kernel, grid, block, smem,
 * args...) queues kernel(args...) on the handle's stream and reports a failure.
 *
 * CUDA: through the driver's cuLaunchKernel with the kernel's driver handle, looked up
 * once per handle (cuda_launch.cu). The runtime's launch (`<<<>>>`, cudaLaunchKernel)
 * finds that handle again on every call: on the H100 a 2^16 scan took 0.56-0.58 of
 * CUB's time launched this way against 0.59-0.62 through the runtime, one call between
 * two events on an idle GPU (docs/perf/scan.md#launches-through-the-driver). Where the
 * driver declines, the runtime launches instead and says why if it cannot either.
 * HIP: `<<<>>>`, then hipGetLastError.
 */
#ifndef SWEEP_CUDA_LAUNCH_CUH
#define SWEEP_CUDA_LAUNCH_CUH

#include "cuda_backend.h"

#include <tuple>
#include <utility>

#if !defined(__HIPCC__)
/* Queues the kernel through the driver: false where it could not (no handle for it,
 * or the driver refused), so the caller launches it through the runtime. args holds
 * one pointer per kernel parameter, as cuLaunchKernel takes them. */
bool sweep_cuda_driver_launch(sweep_cuda *h, const void *kernel, dim3 grid, dim3 block,
                              unsigned smem, void **args);

/* Frees the handle's table of driver handles (sweep_cuda_close). */
void sweep_cuda_functions_release(sweep_cuda *h);

template <class Tuple, size_t... I>
static sweep_status sweep_cuda_launch_packed(sweep_cuda *h, const char *name, const void *kernel,
                                             dim3 grid, dim3 block, unsigned smem, Tuple &params,
                                             std::index_sequence<I...>) {
    void *args[sizeof...(I) + 1] = {(void *)&std::get<I>(params)..., NULL};
    if (sweep_cuda_driver_launch(h, kernel, grid, block, smem, args)) return SWEEP_OK;
    const cudaError_t err = cudaLaunchKernel(kernel, grid, block, args, smem, h->stream);
    return err == cudaSuccess ? SWEEP_OK : sweep_cuda_fail(h, err, name);
}
#endif

/* kernel(args...) on h's stream: grid x block threads, smem bytes of dynamic shared
 * memory. Each argument becomes the kernel's parameter type first, as in `<<<>>>`. */
template <class... P, class... A>
static sweep_status sweep_cuda_launch(sweep_cuda *h, const char *name, void (*kernel)(P...),
                                      dim3 grid, dim3 block, size_t smem, A &&...args) {
    static_assert(sizeof...(P) == sizeof...(A), "one argument per kernel parameter");
#if defined(__HIPCC__)
    kernel<<<grid, block, smem, h->stream>>>(std::forward<A>(args)...);
    const cudaError_t err = cudaGetLastError();
    return err == cudaSuccess ? SWEEP_OK : sweep_cuda_fail(h, err, name);
#else
    std::tuple<P...> params(std::forward<A>(args)...);
    return sweep_cuda_launch_packed(h, name, (const void *)kernel, grid, block, (unsigned)smem,
                                    params, std::index_sequence_for<P...>{});
#endif
}

#endif /* SWEEP_CUDA_LAUNCH_CUH */
