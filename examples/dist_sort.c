/*
 * dist_sort: a radix sort across MPI ranks. Each rank makes its own piece of keys (of
 * a different length on each rank), the ranks sort them together, and every rank ends
 * with its balanced piece of the sorted sequence. The program then checks itself: each
 * piece is sorted, each piece starts at or after the end of the piece before, and no
 * key was lost (count and sum over all ranks).
 *
 *   mpirun -np 4 ./sweep-example-dist_sort
 *
 * CPU contexts talk through MPI; on a GPU (CUDA) context the ranks build an NCCL
 * communicator from MPI_COMM_WORLD. One context per rank; on GPUs, rank r uses device
 * r modulo the devices it sees.
 */
#include <sweep/sweep.h>
#include <sweep/sweep_dist.h>

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int fail(int rank, const char *what, sweep_status st) {
    fprintf(stderr, "dist_sort: rank %d: %s: %s (%s)\n", rank, what, sweep_status_string(st),
            sweep_last_error());
    return 1;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm world = MPI_COMM_WORLD;
    int rank = 0, size = 1;
    MPI_Comm_rank(world, &rank);
    MPI_Comm_size(world, &size);

    /* Uneven pieces: rank r makes 1000 + 5000 r keys. */
    size_t n = 1000 + 5000 * (size_t)rank;
    uint32_t *keys = malloc(n * sizeof *keys);
    uint64_t sum_in = 0, total = 0, sum_all_in = 0;
    uint32_t x = 7u + (uint32_t)rank;
    for (size_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        keys[i] = x >> 8;
        sum_in += keys[i];
    }
    MPI_Allreduce(&n, &total, 1, MPI_UINT64_T, MPI_SUM, world);
    MPI_Allreduce(&sum_in, &sum_all_in, 1, MPI_UINT64_T, MPI_SUM, world);

    /* This rank's share of the output: [r N / p, (r + 1) N / p). */
    size_t out_count = 0;
    sweep_dist_balanced_piece(total, rank, size, NULL, &out_count);
    size_t cap = n > out_count ? n : out_count; /* sorted in place */

    sweep_context *ctx = NULL;
    sweep_comm *comm = NULL;
    sweep_backend backend = SWEEP_BACKEND_SERIAL;
    sweep_backend_info info;
    sweep_context_desc desc = {SWEEP_BACKEND_AUTO, 0, 0, 0};
    if (sweep_backend_query(SWEEP_BACKEND_AUTO, &info) == SWEEP_OK && info.device_count > 1)
        desc.device = rank % info.device_count;
    sweep_status st = sweep_context_create(&ctx, &desc);
    if (st == SWEEP_OK) st = sweep_context_backend(ctx, &backend);
    if (st == SWEEP_OK)
        st = backend == SWEEP_BACKEND_CUDA ? sweep_comm_create_nccl_from_mpi(ctx, &world, &comm)
                                           : sweep_comm_create_mpi(ctx, &world, &comm);
    void *d_keys = NULL;
    size_t got = 0;
    sweep_sort_desc sort = sweep_sort_desc_make(SWEEP_U32);
    if (st == SWEEP_OK) st = sweep_malloc(ctx, &d_keys, cap * sizeof *keys);
    if (st == SWEEP_OK)
        st = sweep_memcpy(ctx, d_keys, keys, n * sizeof *keys, SWEEP_COPY_HOST_TO_DEVICE);
    if (st == SWEEP_OK) /* collective: every rank calls it */
        st = sweep_dist_radix_sort(comm, d_keys, d_keys, NULL, NULL, n, cap, &got, &sort);
    if (st == SWEEP_OK) {
        keys = realloc(keys, (got ? got : 1) * sizeof *keys);
        st = sweep_memcpy(ctx, keys, d_keys, got * sizeof *keys, SWEEP_COPY_DEVICE_TO_HOST);
    }
    int bad = st != SWEEP_OK ? fail(rank, "sort", st) : 0;

    /* Check: sorted here, ordered across ranks, nothing lost. */
    uint64_t sum_out = 0, sum_all_out = 0, got_all = 0;
    for (size_t i = 0; i < got && !bad; ++i) {
        if (i && keys[i - 1] > keys[i]) bad = 1;
        sum_out += keys[i];
    }
    uint32_t edges[2] = {got ? keys[0] : UINT32_MAX, got ? keys[got - 1] : 0};
    uint32_t *all = malloc(2 * (size_t)size * sizeof *all);
    MPI_Allgather(edges, 2, MPI_UINT32_T, all, 2, MPI_UINT32_T, world);
    for (int q = 1; q < size && rank == 0; ++q)
        if (all[2 * q] < all[2 * q - 1] && all[2 * q] != UINT32_MAX) bad = 1;
    uint64_t got64 = got;
    MPI_Allreduce(&got64, &got_all, 1, MPI_UINT64_T, MPI_SUM, world);
    MPI_Allreduce(&sum_out, &sum_all_out, 1, MPI_UINT64_T, MPI_SUM, world);
    if (got_all != total || sum_all_out != sum_all_in || got != out_count) bad = 1;
    int any_bad = 0;
    MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, world);
    if (rank == 0) {
        if (any_bad)
            fprintf(stderr, "dist_sort: the sorted sequence is wrong\n");
        else
            printf("dist_sort on %s: %zu keys over %d ranks sorted, %zu on rank 0\n",
                   sweep_backend_name(backend), (size_t)total, size, got);
    }
    free(all);
    free(keys);
    sweep_free(ctx, d_keys);
    sweep_comm_destroy(comm);
    sweep_context_destroy(ctx);
    MPI_Finalize();
    return any_bad;
}
