/*
 * serial_table.h -- the one thing the core and the serial backend it links in share:
 * the serial backend's table (backends/serial/table.c), which the loader hands out
 * for SWEEP_BACKEND_SERIAL instead of opening a plugin.
 */
#ifndef SWEEP_CORE_SERIAL_TABLE_H
#define SWEEP_CORE_SERIAL_TABLE_H

#include <sweep/backend.h>

const sweep_backend_table *sweep__serial_table(void);

#endif /* SWEEP_CORE_SERIAL_TABLE_H */
