/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Start-up order, the kit's initcall levels.  The kernel runs its
 * initcalls level by level at boot; a program runs its constructors in
 * priority order before main(), so each level is a constructor priority
 * (lower runs first).  They are taken from the priorities the compiler
 * keeps for the implementation, 0 to 100 (gcc warns a program that uses
 * one: -Wprio-ctor-dtor, which the kit's build turns off), so that every
 * constructor of the program runs after all of them, one of the first
 * priority a program may use, 101, as well, and is traced:
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

#define __init_core	__attribute__((constructor(97)))
#define __init_reader	__attribute__((constructor(98)))
#define __init_boot	__attribute__((constructor(99)))
#define __init_settings	__attribute__((constructor(100)))

/*
 * The other end: exit() runs the atexit() handlers (C++'s static
 * destructors among them), then the destructors, in the opposite order
 * of priority: one of priority 100 runs after every destructor of the
 * program (stage1-static/trace_output.c has the trace written after the
 * libraries' too).
 */
#define __exit_last	__attribute__((destructor(100)))

#endif
