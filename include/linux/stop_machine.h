/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stop_machine(), user-space edition (chapter 4): run fn, with the
 * caller's own signals blocked, while every other thread of the process
 * waits in a signal handler, so that none of them can be executing an
 * instruction that fn rewrites.
 *
 * Returns what fn returned, or without running fn: -EBUSY when a thread
 * cannot be stopped (it blocks the signal, or does not stop in time; the
 * one-line reason is in stop_machine_error()).  fn must not allocate,
 * print or take locks: a stopped thread may own them.
 */
#ifndef _LINUX_STOP_MACHINE_H
#define _LINUX_STOP_MACHINE_H

int stop_machine(int (*fn)(void *data), void *data);
const char *stop_machine_error(void);
/*
 * The calling thread is the kit's own and never runs the program's code
 * (the ftraced daemon): stop_machine() leaves it alone.
 */
void stop_machine_exclude_current(void);

/*
 * The signal that stops the threads, and how long to wait for them.  A
 * low real-time signal: qemu-user cannot deliver a guest's high ones (MIPS
 * has 127 signals, the x86_64 host 64), and glibc keeps SIGRTMIN-2..-1.
 */
#define STOP_MACHINE_SIGNAL	(SIGRTMIN + 6)
#define STOP_MACHINE_TIMEOUT_MS	5000
/* how long a thread that blocks the signal may take to finish exiting */
#define STOP_MACHINE_EXIT_GRACE_MS	200

#endif
