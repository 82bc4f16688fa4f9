/*
 * The plugin loader: finds libsweep-<name>.so next to libsweep (dladdr), then in
 * SWEEP_PLUGIN_PATH, checks its ABI and asks how many devices it sees. Each backend is
 * loaded once per process; the reason a backend is unavailable, with every place
 * looked at, is kept for sweep_backend_query. Plugins are never unloaded: a GPU
 * runtime may have registered exit handlers inside them.
 */
#include "internal.h"
#include "serial_table.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t loader_lock = PTHREAD_MUTEX_INITIALIZER;
static sweep__backend_slot slots[SWEEP_BACKEND_COUNT];
static int slot_loaded[SWEEP_BACKEND_COUNT];

/* Appends text to buf (capacity cap), cutting it short when full: reasons are notes
 * for a person, a cut one is still useful. */
void sweep__note_append(char *buf, size_t cap, const char *text) {
    size_t len = strlen(buf), add = strlen(text);
    if (len + 1 >= cap) return;
    if (add > cap - 1 - len) add = cap - 1 - len;
    memcpy(buf + len, text, add);
    buf[len + add] = '\0';
}

/* The folder holding libsweep itself, or "" when dladdr cannot tell. */
static const char library_anchor = 0; /* an object inside libsweep, for dladdr */

static void library_dir(char *out, size_t cap) {
    Dl_info info;
    out[0] = '\0';
    if (dladdr(&library_anchor, &info) && info.dli_fname) {
        snprintf(out, cap, "%s", info.dli_fname);
        char *slash = strrchr(out, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(out, cap, ".");
    }
}

void *sweep__plugin_open(const char *file, const char *symbol, void **entry, char *reason,
                         size_t cap) {
    char note[768];
    *entry = NULL;
    if (access(file, F_OK) != 0) {
        snprintf(note, sizeof note, "%s: not found; ", file);
        sweep__note_append(reason, cap, note);
        return NULL;
    }
    void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(note, sizeof note, "%s: cannot load (%s); ", file, why ? why : "dlopen failed");
        sweep__note_append(reason, cap, note);
        return NULL;
    }
    void *sym = dlsym(lib, symbol);
    if (!sym) {
        snprintf(note, sizeof note, "%s: no %s symbol; ", file, symbol);
        sweep__note_append(reason, cap, note);
        dlclose(lib);
        return NULL;
    }
    *entry = sym;
    return lib;
}

/* Tries one candidate file; returns 1 when the slot got a usable table. */
static int try_plugin(sweep__backend_slot *slot, const char *file) {
    char note[768];
    slot->path[0] = '\0';
    sweep__note_append(slot->path, sizeof slot->path, file);
    void *sym = NULL;
    void *lib = sweep__plugin_open(file, SWEEP_BACKEND_ENTRY_SYMBOL, &sym, slot->reason,
                                   sizeof slot->reason);
    if (!lib) return 0;
    sweep_backend_entry_fn entry;
    memcpy(&entry, &sym, sizeof entry);
    const sweep_backend_table *table = entry();
    if (!table) {
        snprintf(note, sizeof note, "%s: %s returned no table; ", file, SWEEP_BACKEND_ENTRY_SYMBOL);
        sweep__note_append(slot->reason, sizeof slot->reason, note);
        dlclose(lib);
        return 0;
    }
    if (table->abi_version != SWEEP_BACKEND_ABI_VERSION ||
        table->table_size != sizeof(sweep_backend_table)) {
        snprintf(note, sizeof note,
                 "%s: kernel ABI %u (table of %u bytes) does not match this libsweep's ABI %u "
                 "(%zu bytes); ",
                 file, table->abi_version, table->table_size, SWEEP_BACKEND_ABI_VERSION,
                 sizeof(sweep_backend_table));
        sweep__note_append(slot->reason, sizeof slot->reason, note);
        dlclose(lib);
        return 0;
    }
    int count = 0;
    char why[256] = "";
    sweep_status st = table->device_count(&count, why, sizeof why);
    if (st != SWEEP_OK || count <= 0) {
        snprintf(note, sizeof note, "%s: loaded, but %s; ", file,
                 why[0] ? why : "it reports no usable device");
        sweep__note_append(slot->reason, sizeof slot->reason, note);
        return 0;
    }
    slot->table = table;
    slot->device_count = count;
    slot->reason[0] = '\0';
    return 1;
}

int sweep__plugin_search(const char *file_name, int (*try_file)(void *user, const char *path),
                         void *user, char *reason, size_t cap) {
    char file[1024], dir[768];
    library_dir(dir, sizeof dir);
    if (dir[0]) {
        snprintf(file, sizeof file, "%s/%s", dir, file_name);
        if (try_file(user, file)) return 1;
    }
    int found = 0;
    const char *env = getenv("SWEEP_PLUGIN_PATH");
    if (env && env[0]) {
        char *paths = strdup(env);
        if (!paths) {
            sweep__note_append(reason, cap, "out of memory reading SWEEP_PLUGIN_PATH; ");
            return 0;
        }
        char *save = NULL;
        for (char *p = strtok_r(paths, ":", &save); p && !found; p = strtok_r(NULL, ":", &save)) {
            if (!p[0]) continue;
            snprintf(file, sizeof file, "%s/%s", p, file_name);
            found = try_file(user, file);
        }
        free(paths);
        if (found) return 1;
    } else {
        sweep__note_append(reason, cap, "SWEEP_PLUGIN_PATH is not set; ");
    }
    /* Drop the trailing "; " of the last note. */
    size_t len = strlen(reason);
    if (len >= 2) reason[len - 2] = '\0';
    return 0;
}

static int try_backend_file(void *slot, const char *file) {
    return try_plugin(slot, file);
}

static void load_plugin(sweep__backend_slot *slot, const char *name) {
    char file_name[64];
    slot->reason[0] = '\0';
    snprintf(file_name, sizeof file_name, "libsweep-%s.so", name);
    (void)sweep__plugin_search(file_name, try_backend_file, slot, slot->reason,
                               sizeof slot->reason);
}

const sweep__backend_slot *sweep__backend_load(sweep_backend backend) {
    if ((int)backend <= (int)SWEEP_BACKEND_AUTO || (int)backend >= SWEEP_BACKEND_COUNT) return NULL;
    pthread_mutex_lock(&loader_lock);
    sweep__backend_slot *slot = &slots[backend];
    if (!slot_loaded[backend]) {
        if (backend == SWEEP_BACKEND_SERIAL) {
            slot->table = sweep__serial_table();
            slot->device_count = 1;
        } else {
            load_plugin(slot, sweep_backend_name(backend));
        }
        slot_loaded[backend] = 1;
    }
    pthread_mutex_unlock(&loader_lock);
    return slot;
}

/* Not strcasecmp: that is POSIX (not C11) and follows the locale (a Turkish "I"); backend
 * names are ASCII. */
static int same_name_ignoring_case(const char *a, const char *b) {
    for (;; ++a, ++b) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y - 'A' + 'a');
        if (x != y) return 0;
        if (!x) return 1;
    }
}

/* SWEEP_BACKEND's value: a backend name in any case ("openmp", "OpenMP", "AUTO"). */
static int parse_backend(const char *s, sweep_backend *out) {
    for (int b = 0; b < SWEEP_BACKEND_COUNT; ++b) {
        if (same_name_ignoring_case(s, sweep_backend_name((sweep_backend)b))) {
            *out = (sweep_backend)b;
            return 1;
        }
    }
    return 0;
}

sweep_status sweep__backend_resolve_auto(sweep_backend *out) {
    const char *env = getenv("SWEEP_BACKEND");
    if (env && env[0]) {
        sweep_backend b;
        if (!parse_backend(env, &b))
            return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT,
                               "SWEEP_BACKEND=\"%s\" names no backend (auto, serial, openmp, "
                               "cuda or hip; upper or lower case)",
                               env);
        if (b != SWEEP_BACKEND_AUTO) {
            *out = b;
            return SWEEP_OK;
        }
    }
    *out = sweep__backend_first_available();
    return SWEEP_OK;
}

sweep_backend sweep__backend_first_available(void) {
    static const sweep_backend order[] = {SWEEP_BACKEND_CUDA, SWEEP_BACKEND_HIP,
                                          SWEEP_BACKEND_OPENMP, SWEEP_BACKEND_SERIAL};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; ++i) {
        const sweep__backend_slot *slot = sweep__backend_load(order[i]);
        if (slot && slot->table) return order[i];
    }
    return SWEEP_BACKEND_SERIAL; /* unreachable: serial is linked in */
}

const char *sweep_backend_name(sweep_backend backend) {
    switch (backend) {
    case SWEEP_BACKEND_AUTO: return "auto";
    case SWEEP_BACKEND_SERIAL: return "serial";
    case SWEEP_BACKEND_OPENMP: return "openmp";
    case SWEEP_BACKEND_CUDA: return "cuda";
    case SWEEP_BACKEND_HIP: return "hip";
    }
    return "unknown";
}

sweep_status sweep_backend_query(sweep_backend backend, sweep_backend_info *out) {
    SWEEP__ENTER("sweep_backend_query");
    if (!out) return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "out is NULL");
    if ((int)backend < 0 || (int)backend >= SWEEP_BACKEND_COUNT)
        return sweep__fail(SWEEP_ERR_INVALID_ARGUMENT, "unknown backend %d", (int)backend);
    if (backend == SWEEP_BACKEND_AUTO) {
        sweep_status st = sweep__backend_resolve_auto(&backend);
        if (st != SWEEP_OK) return st;
    }
    const sweep__backend_slot *slot = sweep__backend_load(backend);
    sweep_backend_info info;
    memset(&info, 0, sizeof info);
    info.backend = backend;
    snprintf(info.name, sizeof info.name, "%s", sweep_backend_name(backend));
    snprintf(info.path, sizeof info.path, "%s", slot->path);
    if (slot->table) {
        info.available = 1;
        info.device_count = slot->device_count;
        if (slot->table->device_name(0, info.device_name, sizeof info.device_name) != SWEEP_OK)
            info.device_name[0] = '\0';
    } else {
        snprintf(info.reason, sizeof info.reason, "%s", slot->reason);
    }
    *out = info;
    return SWEEP_OK;
}
