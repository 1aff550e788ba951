/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System-call events (the design document's HAVE_SYSCALL_TRACEPOINTS;
 * docs/07-syscalls.md): sys_enter and sys_exit of every system call the
 * program's C library makes, with the kernel's names and formats.
 *
 * The arch gives <asm/unistd.h> (NR_syscalls, generated from the
 * toolchain's numbers) and <asm/syscall.h> (the accessors on the signal
 * context its trap saved, the site and trap encodings); the rest is
 * generic: stage3-dynamic/syscall_trap.c puts a trap on each site and
 * runs the instruction out of line, stage3-dynamic/trace_syscalls.c
 * records and prints the events and owns their tracefs files.
 */
#ifndef _TRACE_SYSCALL_H
#define _TRACE_SYSCALL_H

#include <sys/syscall.h>

/*
 * The arch's (asm/syscall.h, included before this header: an arch whose
 * C library has a struct pt_regs of its own renames the kit's there).
 */
struct pt_regs;

/* A system call's name and its parameters' names (the kernel's). */
struct syscall_metadata {
	const char	*name;		/* "openat", without "sys_" */
	int		nb_args;
	const char	*args[6];
};

/* Does system call nr make a process or a thread (clone, clone3, fork)? */
static inline int syscall_nr_clones(long nr)
{
	switch (nr) {
#ifdef SYS_clone
	case SYS_clone:
#endif
#ifdef SYS_clone3
	case SYS_clone3:
#endif
#ifdef SYS_fork
	case SYS_fork:
#endif
		return 1;
	}
	return 0;
}

/* The metadata of nr, or NULL: a number this toolchain does not name. */
const struct syscall_metadata *syscall_nr_to_meta(long nr);

/*
 * The two tracepoints (syscall_trap.c): a probe is called at entry with
 * regs as the site left them, and on the way back with the result in
 * regs.  The first probe registered puts the traps in (the kernel sets
 * TIF_SYSCALL_TRACEPOINT then); 0 or -errno, the reason in tracefs_why().
 * trace_syscalls.c's probes are ftrace_syscall_enter() and _exit().
 */
typedef void (*sys_probe_fn)(struct pt_regs *regs, long nr);
int register_trace_sys_enter(sys_probe_fn probe);
int register_trace_sys_exit(sys_probe_fn probe);
void ftrace_syscall_enter(struct pt_regs *regs, long nr);
void ftrace_syscall_exit(struct pt_regs *regs, long nr);

/*
 * An arch that defines SYSCALL_XOL_RETURN (asm/syscall.h) comes back from
 * a slot without the second trap: its code calls this, through
 * kernel_fpu_call(), with what it saved.
 */
void *syscall_xol_exit(void *frame);

#ifdef CONFIG_FTRACE_SYSCALLS
/* ... and those of the objects loaded since (dlopen(): stage 1's hook) */
void syscall_trap_rescan(void);
#else
static inline void syscall_trap_rescan(void)
{
}
#endif

#endif
