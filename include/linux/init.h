/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Start-up order, the kit's initcall levels.  The kernel runs its
 * initcalls level by level at boot; a program runs its constructors in
 * priority order before main(), so each level is a constructor priority
 * (lower runs first; the program's own constructors run after all of
 * these):
 *
 *   __init_core      every part registers what it provides: tracers,
 *                    tracefs files, printers, options (nothing traced,
 *                    nothing patched)
 *   __init_reader    a reader of a dead process's spool prints it and
 *                    ends the program here (extras/trace_spool_read.c):
 *                    it never records or patches anything
 *   __init_boot      what the kernel does at boot: the trace clock's
 *                    origin, dynamic ftrace's start-up conversion of
 *                    every call site (stage3-dynamic/dyn_ftrace.c)
 *   __init_settings  the FTRACE_<FILE> environment is written to the
 *                    files (stage1-static/tracefs.c), current_tracer last
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#define __init_core	__attribute__((constructor(101)))
#define __init_reader	__attribute__((constructor(102)))
#define __init_boot	__attribute__((constructor(103)))
#define __init_settings	__attribute__((constructor(104)))

#endif
