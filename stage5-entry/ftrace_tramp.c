// SPDX-License-Identifier: GPL-2.0
/*
 * An ops' own trampoline (chapter 8): made when the ops is registered,
 * where the arch makes them (arch_ftrace_update_trampoline(): x86_64), so
 * that the sites it alone wants call its callback without the list
 * (ftrace_rec_target()); retired when it is unregistered, once no site
 * calls it any more; freed once no thread can be inside it.
 *
 * That last point is the hard one.  A thread may have entered the
 * trampoline just before its site was changed, and be anywhere in it:
 * before the callback, in the callback (which may block), after it.  The
 * kernel waits with synchronize_rcu_tasks() (kernel/trace/ftrace.c,
 * ftrace_shutdown()), which returns once every task has scheduled
 * voluntarily, something no task does on a trampoline.  In user space the
 * kit looks at each thread instead (tramp_busy()): one in a system call
 * is inside the trampoline only if it made the call from the callback,
 * and then the callback's return into the trampoline is on its stack;
 * one that is running may be anywhere, and is asked again later.  A
 * retired trampoline that is not free yet is tried again at the next
 * registration or unregistration; the stats file counts those waiting.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>

/* how much of a thread's stack is searched, from its stack pointer up */
#define STACK_SCAN	(512 * 1024)

struct retired {
	unsigned long	start, size;
	struct retired	*next;
};

static struct retired *retired;		/* ftrace_lock held */
static unsigned long nr_retired;

/* Does [p, p + len) hold a word inside [start, end)? */
static int holds(const unsigned long *p, size_t len, unsigned long start,
		 unsigned long end)
{
	size_t i;

	for (i = 0; i < len / sizeof(*p); i++)
		if (p[i] >= start && p[i] < end)
			return 1;
	return 0;
}

/*
 * Is a return into [start, end) on the stack from sp up?  Read with
 * process_vm_readv(), which says EFAULT where a plain read would fault:
 * the stack of a thread that is ending may go at any moment.
 */
static int stack_holds(unsigned long sp, unsigned long start,
		       unsigned long end)
{
	static unsigned long buf[4096 / sizeof(unsigned long)];
	unsigned long at = sp & ~7UL;
	ssize_t n;

	while (at - sp < STACK_SCAN) {
		struct iovec local = { buf, sizeof(buf) };
		struct iovec remote = { (void *)at,
					sizeof(buf) - (at & (sizeof(buf) - 1)) };

		n = syscall(SYS_process_vm_readv, getpid(), &local, 1,
			    &remote, 1, 0);
		if (n <= 0)
			return 0;	/* the end of the stack */
		if (holds(buf, n, start, end))
			return 1;
		at += n;
	}
	return 0;
}

/* thread tid: 1 inside [start, end) or maybe, 0 not */
static int thread_busy(const char *tid, unsigned long start,
		       unsigned long end)
{
	char path[64], line[256];
	unsigned long v[9];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/self/task/%s/syscall", tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;		/* gone */
	n = read(fd, line, sizeof(line) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	line[n] = 0;
	/* "nr a0 a1 a2 a3 a4 a5 sp pc", or "-1 sp pc", or "running" */
	if (sscanf(line, "%ld %lx %lx %lx %lx %lx %lx %lx %lx",
		   (long *)&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
		   &v[7], &v[8]) == 9)
		return (v[8] >= start && v[8] < end) ||
		       stack_holds(v[7], start, end);
	if (sscanf(line, "%ld %lx %lx", (long *)&v[0], &v[1], &v[2]) == 3)
		return (v[2] >= start && v[2] < end) ||
		       stack_holds(v[1], start, end);
	return 1;			/* running: anywhere */
}

/* Might a thread of the program be inside [start, end)? */
static int tramp_busy(unsigned long start, unsigned long end)
{
	char self[16];
	struct dirent *d;
	DIR *dir;
	int busy = 0;

	/* this thread: its own stack, from here up */
	if (stack_holds((unsigned long)__builtin_frame_address(0), start,
			end))
		return 1;
	snprintf(self, sizeof(self), "%ld", (long)syscall(SYS_gettid));
	dir = opendir("/proc/self/task");
	if (!dir)
		return 1;
	while (!busy && (d = readdir(dir)))
		if (d->d_name[0] != '.' && strcmp(d->d_name, self))
			busy = thread_busy(d->d_name, start, end);
	closedir(dir);
	return busy;
}

/* Free what no thread can be inside any more.  ftrace_lock held. */
static void free_retired(void)
{
	struct retired **p = &retired, *r;

	while ((r = *p)) {
		if (tramp_busy(r->start, r->start + r->size)) {
			p = &r->next;
			continue;
		}
		arch_ftrace_trampoline_free(r->start, r->size);
		*p = r->next;
		free(r);
		nr_retired--;
	}
}

void ftrace_trampoline_attach(struct ftrace_ops *ops)
{
	kit_work_begin();
	if (retired)
		free_retired();
	if (!ops->trampoline && !(ops->flags & FTRACE_OPS_FL_DIRECT) &&
	    ftrace_ops_bare(ops))
		arch_ftrace_update_trampoline(ops);
	kit_work_end();
}

void ftrace_trampoline_detach(struct ftrace_ops *ops)
{
	struct retired *r;

	kit_work_begin();
	if (ops->trampoline && (r = malloc(sizeof(*r)))) {
		r->start = ops->trampoline;
		r->size = ops->trampoline_size;
		r->next = retired;
		retired = r;
		nr_retired++;
		__atomic_store_n(&ops->trampoline, 0, __ATOMIC_RELEASE);
	}
	free_retired();
	kit_work_end();
}

unsigned long ftrace_trampolines_retired(void)
{
	return nr_retired;
}
