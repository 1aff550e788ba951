/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXERCISE(3): the trace clock (docs/01-function-tracer.md, 1.6): the
 * generic one reads CLOCK_MONOTONIC through the vDSO; an arch with a
 * user-readable counter may do better.  Say which, and why.
 */
#include <asm-generic/trace_clock.h>
