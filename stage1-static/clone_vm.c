// SPDX-License-Identifier: GPL-2.0
/*
 * A child that shares its parent's thread-local storage: clone() with
 * CLONE_VM but without CLONE_SETTLS, running beside its parent (without
 * CLONE_VFORK, which suspends the parent until the child execs or
 * exits, so that the two never run at once).
 *
 * Every per-thread table of the kit lives in thread-local storage, as the
 * kernel's live in the task: the ring buffer a thread writes, the graph
 * tracer's return stack, the profiler's tables.  Such a child would use
 * its parent's, at the same time as the parent: its events mixed into
 * the parent's under the parent's pid, and worse, two threads pushing
 * and popping one return stack, each then returning where the other
 * should.  No user-space tracer can give the child tables of its own
 * (its thread pointer is its parent's, and changing it would give the
 * child its own errno, which the program did not ask for), so the kit
 * refuses to trace it, in one line, before the child exists: tracing
 * stops for good, no return is hijacked from then on (returns hijacked
 * already come back as usual), and the profiler stops.  The system-call
 * traps keep working for both: their state is keyed by stack pointer
 * (stage3-dynamic/syscall_trap.c).
 *
 * The program's clone() calls come here (Kbuild interpose-y: ld --wrap
 * for a static program, interpose.c for a dynamic one); the C library's
 * own (pthread_create(), posix_spawn()) do not, and need not: they set
 * CLONE_SETTLS, or CLONE_VFORK.
 */
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include <tracefs.h>
#include <linux/ftrace.h>
#include <linux/trace.h>

int __real_clone(int (*fn)(void *), void *stack, int flags, void *arg, ...);

static const char clone_vm_why[] = "a child of clone() shares its parent's "
	"thread-local storage (CLONE_VM without CLONE_SETTLS)";

/*
 * The arguments after arg are read whatever the flags, as the C library
 * itself reads them: every ABI of the kit passes a variadic pointer as it
 * passes any other.
 */
int __wrap_clone(int (*fn)(void *), void *stack, int flags, void *arg, ...)
{
	static int said;
	pid_t *ptid, *ctid;
	void *tls;
	va_list ap;

	va_start(ap, arg);
	ptid = va_arg(ap, pid_t *);
	tls = va_arg(ap, void *);
	ctid = va_arg(ap, pid_t *);
	va_end(ap);
	if ((flags & CLONE_VM) && !(flags & (CLONE_SETTLS | CLONE_VFORK))) {
		if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
			fprintf(stderr, "ftrace: %s: tracing stops here\n",
				clone_vm_why);
		tracing_off_for_good(clone_vm_why);
		ftrace_graph_stop();
		tracefs_write("function_profile_enabled", "0");
	}
	return __real_clone(fn, stack, flags, arg, ptid, tls, ctid);
}
