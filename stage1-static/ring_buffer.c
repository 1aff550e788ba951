// SPDX-License-Identifier: GPL-2.0
/*
 * The ring buffer: one fixed-size buffer per thread, the user-space stand-in
 * for the kernel's per-CPU buffers.  A thread writes only its own buffer,
 * so the hot path needs no lock; a signal handler running on the same
 * thread is the only "concurrent" writer, and local_add_return() keeps the
 * two apart (see asm-generic/local.h).  When full, the oldest entries are
 * overwritten; the header of the trace says how many.
 *
 * Buffers come from a fixed pool and outlive their threads, so the trace of
 * a thread that has exited is still written out at the end.  A thread gets
 * its buffer at its first event: the only slow path, and the only place that
 * allocates (mmap, which is async-signal-safe).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <asm/irqflags.h>
#include "trace.h"

#define RB_MAX_THREADS		64
#define RB_DEFAULT_SIZE_KB	1024	/* per thread, like buffer_size_kb */

__thread struct trace_buffer *this_buffer;

static struct trace_buffer rb_pool[RB_MAX_THREADS];
static int rb_nr_threads;
static unsigned long rb_size_kb = RB_DEFAULT_SIZE_KB;
static unsigned long rb_lost_threads;

/*
 * Threads past the pool write here and are never shown; a fixed dummy
 * keeps the hot path free of a "have I got a buffer" test on every event.
 */
static struct trace_entry rb_dummy_entries[16];
static struct trace_buffer rb_dummy = {
	.mask = 15, .entries = rb_dummy_entries,
};

static unsigned long rb_nr_slots(void)
{
	unsigned long want = rb_size_kb * 1024 / sizeof(struct trace_entry);
	unsigned long n = 16;

	while (n < want)
		n <<= 1;
	return n;
}

/*
 * The thread's name as the kernel's trace shows it.  A thread nobody named
 * carries the process name; under qemu-user that name is qemu's own, so
 * such a thread is given the program's name instead.
 */
static char process_comm[TRACE_COMM_LEN];

static void trace_comm(char *comm)
{
	prctl(PR_GET_NAME, comm);
	if (!strcmp(comm, process_comm))
		snprintf(comm, TRACE_COMM_LEN, "%s",
			 program_invocation_short_name);
}

__attribute__((constructor(101))) static void ring_buffer_init(void)
{
	prctl(PR_GET_NAME, process_comm);
}

struct trace_buffer *trace_buffer_claim(void)
{
	struct trace_buffer *b;
	unsigned long slots;
	int saved_errno = errno;	/* the traced program's, not ours */
	irqflags_t flags;
	void *mem;
	int i;

	/*
	 * A signal handler that traces while we are half-way through would
	 * claim a second buffer for this thread: keep signals out.
	 */
	local_irq_save(flags);
	b = this_buffer;
	if (b)
		goto out;
	i = __atomic_fetch_add(&rb_nr_threads, 1, __ATOMIC_RELAXED);
	if (i >= RB_MAX_THREADS) {
		__atomic_add_fetch(&rb_lost_threads, 1, __ATOMIC_RELAXED);
		b = &rb_dummy;
		goto out;
	}
	b = &rb_pool[i];
	slots = rb_nr_slots();
	if (!b->entries || b->mask + 1 != slots) {
		mem = mmap(NULL, slots * sizeof(struct trace_entry),
			   PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (mem == MAP_FAILED) {
			b = &rb_dummy;
			goto out;
		}
		b->entries = mem;
		b->mask = slots - 1;
	}
	local_set(&b->head, 0);
	b->nested = 0;
	local_set(&b->events, 0);
	b->tid = syscall(SYS_gettid);
	trace_comm(b->comm);
out:
	this_buffer = b;
	local_irq_restore(flags);
	errno = saved_errno;
	return b;
}

int ring_buffer_set_size_kb(unsigned long kb)
{
	if (kb == 0 || kb > 1024 * 1024)
		return -EINVAL;
	/* like the kernel, only before anything was recorded */
	if (__atomic_load_n(&rb_nr_threads, __ATOMIC_RELAXED))
		return -EBUSY;
	rb_size_kb = kb;
	return 0;
}

unsigned long ring_buffer_size_kb(void)
{
	return rb_size_kb;
}

int ring_buffer_nr_threads(void)
{
	int n = __atomic_load_n(&rb_nr_threads, __ATOMIC_ACQUIRE);

	return n > RB_MAX_THREADS ? RB_MAX_THREADS : n;
}

struct trace_buffer *ring_buffer_thread(int i)
{
	return &rb_pool[i];
}

unsigned long ring_buffer_lost_threads(void)
{
	return rb_lost_threads;
}

/*
 * In a child after fork(): start from empty buffers (keeping their memory)
 * so that the child's trace holds only what the child did.
 */
void ring_buffer_reset(void)
{
	rb_nr_threads = 0;
	rb_lost_threads = 0;
	this_buffer = NULL;
}
