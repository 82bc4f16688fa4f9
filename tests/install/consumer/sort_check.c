/*
 * The install test's consumer: built against an installed sweep, it sorts a few keys
 * on the serial backend and checks them. Arguments name plugin backends (comma-
 * separated) that the installed libsweep must find next to itself and use; a name
 * ending in '?' (a GPU plugin on a machine that may have no GPU) must only load: it
 * may then report that it has no usable device, but not that it failed to load.
 */
#include <sweep/sweep.h>

#include <stdio.h>
#include <string.h>

static int fail(const char *what, sweep_status st) {
    fprintf(stderr, "sweep_consumer: %s: %s (%s)\n", what, sweep_status_string(st),
            sweep_last_error());
    return 1;
}

static int check_plugins(char *list) {
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
        size_t len = strlen(name);
        int load_only = len > 0 && name[len - 1] == '?';
        if (load_only) name[len - 1] = '\0';
        sweep_backend wanted = SWEEP_BACKEND_AUTO;
        for (int b = SWEEP_BACKEND_SERIAL; b < SWEEP_BACKEND_COUNT; ++b)
            if (strcmp(name, sweep_backend_name((sweep_backend)b)) == 0) wanted = (sweep_backend)b;
        if (wanted == SWEEP_BACKEND_AUTO) {
            fprintf(stderr, "sweep_consumer: unknown backend '%s'\n", name);
            return 1;
        }
        sweep_backend_info info;
        sweep_status st = sweep_backend_query(wanted, &info);
        if (st != SWEEP_OK) return fail("sweep_backend_query", st);
        /* The loader's reason for a plugin that loaded but found no device. */
        int loaded = info.available || strstr(info.reason, ": loaded, but ") != NULL;
        if (!(load_only ? loaded : info.available)) {
            fprintf(stderr, "sweep_consumer: the installed %s plugin is not usable: %s\n", name,
                    info.reason);
            return 1;
        }
        printf("plugin %s: %s (%s)\n", name, info.path, info.available ? "available" : info.reason);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (sweep_version_number() != SWEEP_VERSION_NUMBER) {
        fprintf(stderr, "sweep_consumer: header %d but library %u\n", SWEEP_VERSION_NUMBER,
                sweep_version_number());
        return 1;
    }
    for (int i = 1; i < argc; ++i)
        if (check_plugins(argv[i])) return 1;

    sweep_context_desc desc = {SWEEP_BACKEND_SERIAL, 0, 0, 0};
    sweep_context *ctx = NULL;
    sweep_status st = sweep_context_create(&ctx, &desc);
    if (st != SWEEP_OK) return fail("sweep_context_create", st);

    /* Serial context memory is host memory, so plain arrays serve. */
    int32_t keys[] = {42, -7, 1000000, 0, -7, 13, -2147483647 - 1, 5};
    const int32_t want[] = {-2147483647 - 1, -7, -7, 0, 5, 13, 42, 1000000};
    enum { N = sizeof keys / sizeof keys[0] };
    sweep_sort_desc sort = sweep_sort_desc_make(SWEEP_I32);
    st = sweep_radix_sort(ctx, keys, keys, NULL, NULL, N, &sort);
    if (st != SWEEP_OK) {
        fail("sweep_radix_sort", st); /* before destroy, which clears the message */
        sweep_context_destroy(ctx);
        return 1;
    }
    sweep_context_destroy(ctx);
    if (memcmp(keys, want, sizeof want) != 0) {
        fprintf(stderr, "sweep_consumer: wrong order:");
        for (int i = 0; i < N; ++i)
            fprintf(stderr, " %d", (int)keys[i]);
        fprintf(stderr, "\n");
        return 1;
    }
    printf("sweep %s: sorted %d keys on the serial backend\n", sweep_version_string(), (int)N);
    return 0;
}
