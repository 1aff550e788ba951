// SPDX-License-Identifier: GPL-2.0
/*
 * The ring buffer: one fixed-size buffer per thread, the user-space stand-in
 * for the kernel's per-CPU buffers.  A thread writes only its own buffer,
 * so the hot path needs no lock; a signal handler running on the same
 * thread is the only "concurrent" writer, and local_add_return() keeps the
 * two apart (see asm-generic/local.h).  When full, the oldest entries are
 * overwritten; the header of the trace says how many.
 *
 * A buffer's life:
 *   live     a thread's first event claims one (trace_buffer_claim(), the
 *            only slow path on the recording side).  At most RB_MAX_LIVE
 *            threads hold a ring at once (linux/ring_buffer.h); a thread
 *            beyond that gets a buffer without one: it records into a
 *            scratch ring nobody reads, and its counts and the time of
 *            its first event make it one TRACE_LOST entry for readers,
 *            "comm-tid [LOST N EVENTS]" in the trace.
 *   retired  when the thread exits (the destructor of rb_key), its entries
 *            are copied into a buffer just big enough for them, and its
 *            big ring goes back to a free list for the next thread.  So
 *            a program may create any number of threads over its life and
 *            each one's trace is kept, while memory stays near what the
 *            threads alive at once need.
 *   dropped  retired buffers are kept up to RB_MAX_RETIRED full buffers'
 *            worth of slots; beyond that the oldest ring goes, and its
 *            buffer becomes a TRACE_LOST entry too.
 *
 * Readers never read the slots of a live buffer in place:
 * ring_buffer_snapshot() copies it (rb_copy()) and keeps from the copy only
 * the slots whose commit word says "complete, and of the lap this index is
 * in".  Memory is mmap()ed (async-signal-safe: a thread's first event may
 * be in a handler): rings and structs from the spool file when there is
 * one (trace_spool.c), so that they outlive the process; else anonymous.
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
#include <asm/trace_clock.h>
#include <linux/fork_lock.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/ring_buffer.h>
#include <linux/trace_spool.h>

#define RB_MAX_RETIRED		64	/* retired slots, in full buffers */
#define RB_MIN_RETIRED_SLOTS	128	/* 4 kB: a retired buffer's least */
#define RB_DEFAULT_SIZE_KB	1024	/* per thread, like buffer_size_kb */
#define RB_MAX_CHUNKS		1024

enum {
	RB_FREE, RB_LIVE, RB_RETIRED, RB_SNAPSHOT, RB_DEAD,
	RB_NORING,		/* counts only; entries: the scratch ring */
	RB_DROPPED,		/* the same, for an exited thread's buffer
				   whose ring was dropped to bound memory */
};

__thread struct trace_buffer *this_buffer;

/*
 * Everything below changes under rb_lock, taken with signals blocked (a
 * handler on the holding thread could otherwise claim and deadlock).
 */
static pthread_mutex_t rb_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t rb_key;
static unsigned long rb_size_kb = RB_DEFAULT_SIZE_KB;

/* the buffer structs: a table that grows by chunks, never shrinks */
static struct trace_buffer *rb_chunks[RB_MAX_CHUNKS];
static int rb_nr_table;			/* structs ever handed out */
static struct trace_buffer *rb_free_structs;

/* big rings not in use, and how many of their slots were written */
static struct {
	struct trace_entry *mem;
	unsigned long used;
} rb_free_rings[RB_MAX_LIVE];
static int rb_nr_free_rings;
static unsigned long rb_free_ring_slots;	/* their size */

static int rb_nr_live;
static struct trace_buffer *rb_retired, **rb_retired_tail = &rb_retired;
static unsigned long rb_retired_slots;

static unsigned long rb_lost_threads;
static unsigned long rb_dropped_threads, rb_dropped_entries;

/* ring_buffer_read_start() holds rb_lock with these signals saved */
static irqflags_t rb_read_flags;

/*
 * The scratch ring of the buffers without one: written by any thread,
 * never read.  rb_dummy is for a thread that cannot even have a struct
 * (the table is full); it is counted in rb_lost_threads.  A fixed dummy
 * keeps the hot path free of a "have I got a buffer" test.
 */
static struct trace_entry rb_scratch[16];
static struct trace_buffer rb_dummy = {
	.mask = 15, .entries = rb_scratch,
};

static unsigned long rb_nr_slots(void)
{
	unsigned long want = rb_size_kb * 1024 / sizeof(struct trace_entry);
	unsigned long n = 16;

	while (n < want)
		n <<= 1;
	return n;
}

static void *rb_map_anon(unsigned long slots)
{
	void *mem = mmap(NULL, slots * sizeof(struct trace_entry),
			 PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return mem == MAP_FAILED ? NULL : mem;
}

/* A ring that a dead process leaves behind: in the spool when there is one */
static void *rb_map(unsigned long slots)
{
	void *mem = spool_map(slots * sizeof(struct trace_entry),
			      SPOOL_REGION_RING, 0);

	return mem ? mem : rb_map_anon(slots);
}

static void rb_unmap(void *mem, unsigned long slots)
{
	if (!spool_unmap(mem, slots * sizeof(struct trace_entry)))
		munmap(mem, slots * sizeof(struct trace_entry));
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

/* ---- copying out: the one place that reads a buffer being written ----- */

static unsigned int lap_of(unsigned long pos, unsigned int shift)
{
	return (uint8_t)(pos >> shift);
}

/*
 * The slots of the record starting at pos of dst (copied from a ring of
 * 1 << shift): its header and the payload slots of the same lap after it,
 * up to end.  0 when pos holds no record of that lap.
 */
static unsigned int rb_record_slots(struct trace_buffer *dst,
				    unsigned long pos, unsigned long end,
				    unsigned int shift)
{
	const struct trace_entry *e = &dst->entries[pos & dst->mask];
	unsigned int n = 1;

	if (e->type == TRACE_UNUSED || e->type == TRACE_PAYLOAD ||
	    e->type >= TRACE_NR_TYPES || e->lap != lap_of(pos, shift))
		return 0;
	while (pos + n < end) {
		const struct trace_entry *p =
			&dst->entries[(pos + n) & dst->mask];

		if (p->type != TRACE_PAYLOAD || p->lap != lap_of(pos + n, shift))
			break;
		n++;
	}
	return n;
}

static void rb_mark_unused(struct trace_buffer *dst, unsigned long pos)
{
	/* time 0: the merge takes (and skips) it at once */
	memset(&dst->entries[pos & dst->mask], 0, sizeof(struct trace_entry));
}

/*
 * Copy src's slots [head - size, head) into dst (whose mask is set and
 * whose ring holds at least that many, zeroed), keeping only complete
 * entries of the right lap; count them, the overwritten and the
 * uncommitted slots.  src's owner may be writing meanwhile.
 */
static void rb_copy(struct trace_buffer *dst, struct trace_buffer *src,
		    int printed)
{
	unsigned long size = src->mask + 1, h1, h2, start, from, pos;
	unsigned int shift = __builtin_ctzl(size);
	unsigned int dst_shift = __builtin_ctzl(dst->mask + 1);

	/* events first: what the copy holds is at least as new */
	local_set(&dst->events, local_read(&src->events));
	h1 = local_read(&src->head);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	start = h1 > size ? h1 - size : 0;
	for (pos = start; pos < h1; pos++) {
		struct trace_entry *s = &src->entries[pos & src->mask];
		struct trace_entry *d = &dst->entries[pos & dst->mask];

		/* the commit word first: what follows is at least as new */
		d->commit = __atomic_load_n(&s->commit, __ATOMIC_ACQUIRE);
		d->pc[0] = s->pc[0];
		d->pc[1] = s->pc[1];
		d->pc[2] = s->pc[2];
		d->depth = s->depth;
		d->cpu = s->cpu;
		d->flags = s->flags;
	}
	/*
	 * A writer moves the head before it touches a slot (trace_reserve()):
	 * any slot it may have rewritten during the copy lies below h2 - size.
	 */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	h2 = local_read(&src->head);
	from = h2 > size ? h2 - size : 0;
	if (from < start)
		from = start;
	if (from > h1)
		from = h1;

	local_set(&dst->head, h1);
	dst->tid = src->tid;
	memcpy(dst->comm, src->comm, TRACE_COMM_LEN);
	dst->nested = src->nested;
	dst->reset_head = printed ? src->printed_head : src->reset_head;
	dst->reset_events = printed ? src->printed_events : src->reset_events;
	dst->printed_head = dst->reset_head;
	dst->printed_events = dst->reset_events;
	dst->lost_ts = src->lost_ts;
	dst->nr_entries = 0;
	dst->uncommitted = 0;
	dst->overrun = from;
	for (pos = start; pos < from; pos++)
		rb_mark_unused(dst, pos);
	/* payloads whose header was overwritten */
	for (pos = from; pos < h1; pos++) {
		struct trace_entry *e = &dst->entries[pos & dst->mask];

		if (e->type != TRACE_PAYLOAD || e->lap != lap_of(pos, shift))
			break;
		rb_mark_unused(dst, pos);
		dst->overrun++;
	}
	while (pos < h1) {
		unsigned int n = rb_record_slots(dst, pos, h1, shift);

		if (n) {
			unsigned long end = pos + n;

			dst->nr_entries += n;
			/* laps as dst counts them: its size may differ */
			for (; pos < end; pos++)
				dst->entries[pos & dst->mask].lap =
					lap_of(pos, dst_shift);
		} else {
			rb_mark_unused(dst, pos++);
			dst->uncommitted++;
		}
	}
}

/* ---- buffer structs and rings (under rb_lock) -------------------------- */

static struct trace_buffer *rb_table(int i)
{
	return &rb_chunks[i / RB_CHUNK][i % RB_CHUNK];
}

static struct trace_buffer *rb_alloc_struct(void)
{
	struct trace_buffer *b = rb_free_structs;
	int i = rb_nr_table;

	if (b) {
		rb_free_structs = b->next;
		return b;
	}
	if (i == RB_MAX_CHUNKS * RB_CHUNK)
		return NULL;
	if (!rb_chunks[i / RB_CHUNK]) {
		void *mem = spool_map(RB_CHUNK * sizeof(*b),
				      SPOOL_REGION_STRUCTS, i / RB_CHUNK);

		if (!mem)
			mem = mmap(NULL, RB_CHUNK * sizeof(*b),
				   PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (mem == MAP_FAILED)
			return NULL;
		rb_chunks[i / RB_CHUNK] = mem;
	}
	__atomic_store_n(&rb_nr_table, i + 1, __ATOMIC_RELEASE);
	return rb_table(i);
}

/* A big ring of the current size, clean: a reused one is cleared. */
static struct trace_entry *rb_get_ring(unsigned long slots)
{
	struct trace_entry *mem;

	if (rb_free_ring_slots != slots) {	/* size changed after fork */
		while (rb_nr_free_rings)
			rb_unmap(rb_free_rings[--rb_nr_free_rings].mem,
				 rb_free_ring_slots);
		rb_free_ring_slots = slots;
	}
	if (!rb_nr_free_rings)
		return rb_map(slots);
	rb_nr_free_rings--;
	mem = rb_free_rings[rb_nr_free_rings].mem;
	memset(mem, 0, rb_free_rings[rb_nr_free_rings].used * sizeof(*mem));
	return mem;
}

static void rb_put_ring(struct trace_buffer *b)
{
	unsigned long h = local_read(&b->head);

	if (rb_nr_free_rings == RB_MAX_LIVE ||
	    rb_free_ring_slots != b->mask + 1) {
		rb_unmap(b->entries, b->mask + 1);
		return;
	}
	rb_free_rings[rb_nr_free_rings].mem = b->entries;
	rb_free_rings[rb_nr_free_rings].used = h > b->mask ? b->mask + 1 : h;
	rb_nr_free_rings++;
}

/* ---- claim and retire --------------------------------------------------- */

/*
 * b counts what its thread records from now on, into the scratch ring:
 * readers see one TRACE_LOST entry (events lost since lost_ts).
 */
static void rb_make_noring(struct trace_buffer *b, uint64_t since, int state)
{
	b->entries = rb_scratch;
	b->mask = sizeof(rb_scratch) / sizeof(rb_scratch[0]) - 1;
	b->nr_entries = b->overrun = b->uncommitted = 0;
	b->lost_ts = since;
	__atomic_store_n(&b->state, state, __ATOMIC_RELEASE);
}

struct trace_buffer *trace_buffer_claim(void)
{
	struct trace_buffer *b;
	struct trace_entry *mem = NULL;
	unsigned long slots;
	int saved_errno = errno;	/* the traced program's, not ours */
	unsigned int cpu;
	irqflags_t flags;

	/*
	 * A signal handler that traces while we are half-way through would
	 * claim a second buffer for this thread: keep signals out.
	 */
	local_irq_save(flags);
	b = this_buffer;
	if (b)
		goto out;
	pthread_mutex_lock(&rb_lock);
	slots = rb_nr_slots();
	if (rb_nr_live < RB_MAX_LIVE)
		mem = rb_get_ring(slots);
	b = rb_alloc_struct();
	if (!b) {
		if (mem)
			rb_unmap(mem, slots);
		__atomic_add_fetch(&rb_lost_threads, 1, __ATOMIC_RELAXED);
		b = &rb_dummy;
		goto unlock;
	}
	local_set(&b->head, 0);
	b->nested = 0;
	local_set(&b->events, 0);
	b->reset_head = b->reset_events = 0;
	b->printed_head = b->printed_events = 0;
	b->printed_ts = 0;
	b->tid = syscall(SYS_gettid);
	trace_comm(b->comm);
	if (mem) {
		b->entries = mem;
		b->mask = slots - 1;
		b->nr_entries = b->overrun = b->uncommitted = 0;
		b->lost_ts = 0;
		b->state = RB_LIVE;
		rb_nr_live++;
	} else {
		rb_make_noring(b, trace_clock_local(&cpu), RB_NORING);
	}
	spool_first_event();
	/* retired by rb_thread_exit() when the thread ends */
	pthread_setspecific(rb_key, b);
unlock:
	pthread_mutex_unlock(&rb_lock);
out:
	this_buffer = b;
	local_irq_restore(flags);
	errno = saved_errno;
	return b;
}

void *__trace_buffer_claim(void *unused)
{
	return trace_buffer_claim();
}

/* The time of the oldest entry a retired buffer holds (0: none). */
static uint64_t rb_oldest_ts(struct trace_buffer *b)
{
	unsigned long h = local_read(&b->head), pos;

	for (pos = h > b->mask + 1 ? h - (b->mask + 1) : 0; pos < h; pos++) {
		struct trace_entry *e = &b->entries[pos & b->mask];

		if (e->type != TRACE_UNUSED && e->type != TRACE_PAYLOAD)
			return e->ts;
	}
	return 0;
}

/* Memory is bounded: the oldest retired ring goes, its counts stay. */
static void rb_drop_oldest_retired(void)
{
	struct trace_buffer *b = rb_retired;
	uint64_t since = rb_oldest_ts(b);

	rb_retired = b->next;
	if (!rb_retired)
		rb_retired_tail = &rb_retired;
	rb_retired_slots -= b->mask + 1;
	rb_dropped_threads++;
	rb_dropped_entries += local_read(&b->events);
	rb_unmap(b->entries, b->mask + 1);
	rb_make_noring(b, since, RB_DROPPED);
}

/* The destructor of rb_key: the thread is exiting. */
static void rb_thread_exit(void *arg)
{
	struct trace_buffer *b = arg, copy;
	unsigned long h, size, slots = RB_MIN_RETIRED_SLOTS;
	unsigned int cpu;
	irqflags_t flags;

	/* only our own buffer (a stale key after fork is not) */
	if (b != this_buffer)
		return;
	local_irq_save(flags);
	pthread_mutex_lock(&rb_lock);
	this_buffer = NULL;
	if (b->state == RB_NORING)	/* nothing to keep but the counts */
		goto out;
	h = local_read(&b->head);
	size = b->mask + 1;
	while (slots < (h < size ? h : size))
		slots <<= 1;
	copy.entries = rb_map(slots);
	copy.mask = slots - 1;
	if (copy.entries)
		rb_copy(&copy, b, 0);
	rb_put_ring(b);
	rb_nr_live--;
	if (!copy.entries) {		/* no memory: its counts stay */
		rb_dropped_threads++;
		rb_dropped_entries += local_read(&b->events);
		rb_make_noring(b, trace_clock_local(&cpu), RB_DROPPED);
		goto out;
	}
	b->entries = copy.entries;
	b->mask = copy.mask;
	b->nr_entries = copy.nr_entries;
	b->overrun = copy.overrun;
	b->uncommitted = copy.uncommitted;
	b->state = RB_RETIRED;
	b->next = NULL;
	*rb_retired_tail = b;
	rb_retired_tail = &b->next;
	rb_retired_slots += slots;
	while (rb_retired_slots > RB_MAX_RETIRED * rb_nr_slots())
		rb_drop_oldest_retired();
out:
	pthread_mutex_unlock(&rb_lock);
	local_irq_restore(flags);
}

/* ---- reading ------------------------------------------------------------ */

void ring_buffer_read_start(void)
{
	irqflags_t flags;

	local_irq_save(flags);
	pthread_mutex_lock(&rb_lock);
	rb_read_flags = flags;
}

void ring_buffer_read_end(void)
{
	irqflags_t flags = rb_read_flags;

	pthread_mutex_unlock(&rb_lock);
	local_irq_restore(flags);
}

/*
 * A buffer without a ring reads as one entry: how many events it lost
 * since the last reset, or since printed (arg), since when (ts).  No loss:
 * nothing to read.
 */
static int rb_snapshot_lost(struct trace_buffer *b, struct trace_buffer *copy,
			    int printed)
{
	unsigned long lost = local_read(&b->events) -
			     (printed ? b->printed_events : b->reset_events);
	uint64_t since = b->lost_ts;
	struct trace_entry *e;

	if (!lost)
		return -ENOENT;
	copy->entries = rb_map_anon(1);
	if (!copy->entries)
		return -ENOMEM;
	copy->mask = 0;
	copy->state = RB_SNAPSHOT;
	copy->next = NULL;
	copy->tid = b->tid;
	memcpy(copy->comm, b->comm, TRACE_COMM_LEN);
	copy->nested = 0;
	copy->reset_head = copy->reset_events = 0;
	/* what the first part of the trace said is not lost since */
	if (printed && b->printed_events != b->reset_events &&
	    (int64_t)(b->printed_ts - since) > 0)
		since = b->printed_ts;
	copy->printed_head = copy->printed_events = 0;
	copy->lost_ts = since;
	/* the entry, and the events it stands for as written but lost */
	local_set(&copy->head, 1);
	local_set(&copy->events, 1 + lost);
	copy->nr_entries = 1;
	copy->overrun = copy->uncommitted = 0;
	e = copy->entries;
	trace_entry_set(e, since, 0, lost, 0, 0);
	e->commit = TRACE_COMMIT(TRACE_LOST, 0);
	return 0;
}

int ring_buffer_snapshot(struct trace_buffer *b, struct trace_buffer *copy,
			 int printed)
{
	int state = __atomic_load_n(&b->state, __ATOMIC_ACQUIRE);

	if (state == RB_NORING || state == RB_DROPPED)
		return rb_snapshot_lost(b, copy, printed);
	if (state != RB_LIVE && state != RB_RETIRED && state != RB_DEAD)
		return -ENOENT;
	copy->mask = b->mask;
	/* a copy is the reader's own: never in the spool */
	copy->entries = rb_map_anon(b->mask + 1);
	if (!copy->entries)
		return -ENOMEM;
	copy->state = RB_SNAPSHOT;
	copy->next = NULL;
	rb_copy(copy, b, printed);
	return 0;
}

void ring_buffer_snapshot_free(struct trace_buffer *copy)
{
	munmap(copy->entries, (copy->mask + 1) * sizeof(struct trace_entry));
}

int ring_buffer_nr_threads(void)
{
	return __atomic_load_n(&rb_nr_table, __ATOMIC_ACQUIRE);
}

struct trace_buffer *ring_buffer_thread(int i)
{
	return rb_table(i);
}

/* Slots lost to overwriting: counted for a live buffer, kept otherwise. */
unsigned long ring_buffer_overrun(struct trace_buffer *b)
{
	unsigned long h = local_read(&b->head);

	if (b->state != RB_LIVE)
		return b->overrun;
	return h > b->mask + 1 ? h - (b->mask + 1) : 0;
}

void ring_buffer_window(struct trace_buffer *b, struct rb_window *w)
{
	w->head = local_read(&b->head);
	w->events = local_read(&b->events) - b->reset_events;
	w->start = w->head > b->mask + 1 ? w->head - (b->mask + 1) : 0;
	if (w->start < b->reset_head)
		w->start = b->reset_head;
}

/*
 * The events committed since the reader's start, less the entries found.
 * While the window still begins at that start (no slot since it was
 * overwritten), nothing is lost: a count beyond the slots is then a
 * record reserved before the reset and committed after it
 * (trace_reserve() moves the head, trace_commit() the count), whose slot
 * lies before the reader's start.
 */
unsigned long ring_buffer_events_lost(struct trace_buffer *b,
				      const struct rb_window *w,
				      unsigned long all)
{
	if (b->mask && w->start == b->reset_head)
		return 0;
	return w->events > all ? w->events - all : 0;
}

unsigned long ring_buffer_lost_events(struct trace_buffer *b)
{
	int state = __atomic_load_n(&b->state, __ATOMIC_ACQUIRE);

	if (state != RB_NORING && state != RB_DROPPED)
		return 0;
	return local_read(&b->events) - b->reset_events;
}

int ring_buffer_was_dropped(struct trace_buffer *b)
{
	return b->state == RB_DROPPED;
}

unsigned long ring_buffer_lost_threads(void)
{
	return rb_lost_threads;
}

unsigned long ring_buffer_dropped_threads(void)
{
	return rb_dropped_threads;
}

unsigned long ring_buffer_dropped_entries(void)
{
	return rb_dropped_entries;
}

/*
 * The kernel disables every CPU buffer and waits for the commits in
 * progress before it resets (synchronize_rcu(): since v5.9 once for all
 * CPUs, in ring_buffer_reset_online_cpus(), kernel/trace/ring_buffer.c;
 * before, in each ring_buffer_reset_cpu()), so that no record the old
 * tracer began is left after the reset.  A thread cannot be waited for
 * here: it may be preempted anywhere, for as long as it likes.  So each
 * tracer makes what decides that a record is its own come after the
 * record's reservation (chapter 2's gops->gen, fgraph_ops.c), and the
 * caller changes that before calling this: with ftrace_sync() between,
 * a record reserved too late to be seen here read the new value.
 *
 * Where readers start, moved to what each buffer holds now: every reader
 * (reset), or the trace file's alone (ring_buffer_mark_printed()).
 */
static void rb_move_readers(int reset)
{
	unsigned int cpu;
	uint64_t now;
	int i;

	ftrace_sync();
	now = trace_clock_local(&cpu);
	ring_buffer_read_start();
	for (i = 0; i < rb_nr_table; i++) {
		struct trace_buffer *b = rb_table(i);

		b->printed_events = local_read(&b->events);
		b->printed_head = local_read(&b->head);
		b->printed_ts = now;
		if (!reset)
			continue;
		b->reset_events = b->printed_events;
		b->reset_head = b->printed_head;
		if (b->state == RB_NORING || b->state == RB_DROPPED)
			b->lost_ts = now;
	}
	ring_buffer_read_end();
}

void ring_buffer_reset_readers(void)
{
	rb_move_readers(1);
}

void ring_buffer_mark_printed(void)
{
	rb_move_readers(0);
}

/*
 * Read through ring_buffer_snapshot() like any other buffer: only complete
 * entries of the right lap are kept, whatever state the process died in.
 */
int ring_buffer_adopt(const struct trace_buffer *dead,
		      const struct trace_entry *entries)
{
	struct trace_buffer *b = rb_alloc_struct();

	if (!b)
		return -ENOMEM;
	*b = *dead;
	b->comm[TRACE_COMM_LEN - 1] = 0;
	b->next = NULL;
	if (!ring_buffer_has_ring(dead)) {
		b->entries = rb_scratch;
		b->mask = sizeof(rb_scratch) / sizeof(rb_scratch[0]) - 1;
		return 0;
	}
	b->entries = (struct trace_entry *)entries;
	if (dead->state == RB_LIVE) {
		unsigned long h = local_read(&b->head);

		b->overrun = h > b->mask + 1 ? h - (b->mask + 1) : 0;
	}
	b->state = RB_DEAD;
	b->next = NULL;
	return 0;
}

int ring_buffer_in_use(const struct trace_buffer *dead)
{
	return dead->state == RB_LIVE || dead->state == RB_RETIRED ||
	       dead->state == RB_NORING || dead->state == RB_DROPPED;
}

int ring_buffer_has_ring(const struct trace_buffer *dead)
{
	return dead->state != RB_NORING && dead->state != RB_DROPPED;
}

/* ---- settings ----------------------------------------------------------- */

int ring_buffer_set_size_kb(unsigned long kb)
{
	if (kb == 0 || kb > 1024 * 1024)
		return -EINVAL;
	/* like the kernel, only before anything was recorded */
	if (__atomic_load_n(&rb_nr_table, __ATOMIC_RELAXED))
		return -EBUSY;
	rb_size_kb = kb;
	return 0;
}

unsigned long ring_buffer_size_kb(void)
{
	return rb_size_kb;
}

/* ---- fork --------------------------------------------------------------- */

/*
 * In a child after fork(), where only the forking thread exists: start
 * from empty buffers (keeping the big rings for reuse) so that the child's
 * trace holds only what the child did, and its counters start at zero.
 * Called in the child with every lock held and signals blocked
 * (linux/fork_lock.h).
 */
static void rb_fork_reset(void)
{
	int i;

	if (spool_fork_child()) {
		/* the parent's structs and rings are gone: forget them */
		memset(rb_chunks, 0, sizeof(rb_chunks));
		rb_nr_free_rings = 0;
	}
	for (i = 0; i < rb_nr_table && rb_chunks[0]; i++) {
		struct trace_buffer *b = rb_table(i);

		if (b->state == RB_LIVE)
			rb_put_ring(b);
		else if (b->state == RB_RETIRED)
			rb_unmap(b->entries, b->mask + 1);
		b->state = RB_FREE;
	}
	rb_nr_table = 0;
	rb_free_structs = NULL;
	rb_nr_live = 0;
	rb_retired = NULL;
	rb_retired_tail = &rb_retired;
	rb_retired_slots = 0;
	rb_lost_threads = 0;
	rb_dropped_threads = rb_dropped_entries = 0;
	this_buffer = NULL;
	pthread_setspecific(rb_key, NULL);
}



static __init_core void ring_buffer_init(void)
{
	prctl(PR_GET_NAME, process_comm);
	pthread_key_create(&rb_key, rb_thread_exit);
	fork_lock_register(&rb_lock, FORK_LOCK_RING_BUFFER, rb_fork_reset);
}
