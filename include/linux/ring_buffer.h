/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring buffer (stage1-static/ring_buffer.c): one buffer per thread, the
 * user-space stand-in for the kernel's per-CPU buffers.  Writers reserve
 * slots, fill them and commit them; readers take validated copies
 * (ring_buffer_snapshot()).
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <asm/local.h>
#include <linux/event_path.h>

/*
 * The kinds of entry, as the kernel's trace_entries.h lists them.  The
 * ring buffer itself only knows two: TRACE_UNUSED (a slot reserved, not
 * committed) and TRACE_PAYLOAD (a slot that continues the entry before
 * it: an entry is its header slot and every payload slot that follows).
 */
enum trace_type {
	TRACE_UNUSED = 0,
	TRACE_PAYLOAD,		/* more of the entry before: stack pcs, text */
	TRACE_FN,		/* function tracer: ip, parent */
	TRACE_STACK,		/* func_stack_trace: header, then payloads */
	TRACE_GRAPH_ENT,	/* function_graph: entry of ip */
	TRACE_GRAPH_RET,	/* function_graph: return from ip */
	TRACE_GRAPH_OVERRUN,	/* function_graph: arg = the thread's overruns */
	TRACE_PRINT,		/* trace_marker: text in payload slots */
	TRACE_LOST,		/* never recorded: a reader's copy of a thread
				   that had no ring says here how many events
				   it lost (arg), from when (ts) */
	TRACE_SYSCALL_ENTER,	/* sys_enter: ip = nr, the six arguments in
				   two payload slots */
	TRACE_SYSCALL_EXIT,	/* sys_exit: ip = nr, arg = the result */
	TRACE_NR_TYPES
};

/*
 * One slot, the same 32 bytes on every arch (addresses widened to 64 bits)
 * so the buffer arithmetic is arch-independent.
 *
 * The commit word says whether the slot holds an entry, and of which lap:
 * trace_reserve() sets it to { TRACE_UNUSED, lap } before anything else is
 * written, trace_commit() stores the type into it last.  A reader takes a
 * slot only when its type is set and its lap is the one the slot's index
 * implies, so neither a half-written slot nor a slot left over from the
 * lap before is ever read as an entry.  (Every reservation rewrites the
 * commit word of each of its slots first, so a stale slot is one lap old:
 * 8 bits of lap tell them apart.)
 */
struct trace_entry {
	union {
		struct {
			uint64_t ts;	/* trace_clock_local() units */
			uint64_t ip;	/* selfpc: the site in the function */
			uint64_t arg;	/* frompc, or graph call time */
		};
		uint64_t pc[3];		/* TRACE_PAYLOAD */
	};
	union {
		struct {
			uint8_t type;	/* enum trace_type */
			uint8_t lap;	/* index / nr of slots, low 8 bits */
		};
		uint16_t commit;
	};
	uint16_t depth;			/* graph depth; stack: nr of pcs */
	uint16_t cpu;
	uint16_t flags;			/* TRACE_FLAG_*: context of the event */
};

/*
 * The context of an event, as the kernel's latency columns show it
 * (include/linux/hardirq.h says how user space maps onto them).
 */
#define TRACE_FLAG_IRQS_OFF	0x01	/* irqflags analogue: signals blocked */
#define TRACE_FLAG_HARDIRQ	0x08	/* inside a signal handler */
#define TRACE_FLAG_NMI		0x40	/* in a handler that interrupted one */
#define TRACE_FLAG_IRQ_LEVEL(f)	(((f) >> 8) & 0xf)	/* handler nesting */

/* The commit word from its fields, built in a register. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TRACE_COMMIT(type, lap)	((uint16_t)((type) | (lap) << 8))
#else
#define TRACE_COMMIT(type, lap)	((uint16_t)((type) << 8 | (lap)))
#endif

#define TRACE_COMM_LEN	16

/*
 * The buffer of one thread.  While the thread lives it is written in
 * place; when the thread exits it is retired: its entries are copied into
 * a buffer just big enough, which is kept (up to a bound) so the trace of
 * exited threads is still written at the end.  A thread that cannot have
 * a ring (too many threads alive, or no memory) still gets a buffer that
 * counts what it records, into a scratch ring nobody reads; so does an
 * exited thread whose entries were dropped to bound memory: readers show
 * such a buffer as one TRACE_LOST entry.
 */
struct trace_buffer {
	local_t		head;		/* slots ever reserved */
	unsigned long	mask;		/* nr of slots - 1 */
	pid_t		tid;
	char		comm[TRACE_COMM_LEN];
	unsigned long	nested;		/* records another record interrupted */
	local_t		events;		/* entries committed (a record with
					   payload slots is one) */
	struct trace_entry *entries;
	/* set in a snapshot and in a retired buffer (see rb_copy()) */
	unsigned long	nr_entries;	/* slots holding an entry */
	unsigned long	overrun;	/* slots lost to overwriting */
	unsigned long	uncommitted;	/* reserved, never (yet) committed */
	/* where readers start: head and events at the last reset */
	unsigned long	reset_head, reset_events;
	/*
	 * where the trace file goes on, once a first part of it was written
	 * before an exec that failed: head, events and (no ring) the time
	 * then (ring_buffer_mark_printed()); never before the reset
	 */
	unsigned long	printed_head, printed_events;
	uint64_t	printed_ts;
	uint64_t	lost_ts;	/* no ring: since when events are lost */
	/* ring_buffer.c's own bookkeeping */
	int		state;
	struct trace_buffer *next;
};

extern __thread struct trace_buffer *this_buffer;

/* struct trace_buffer per chunk (ring_buffer.c maps them by chunks) */
#define RB_CHUNK		64
/*
 * Threads that may hold a ring at once: each ring is buffer_size_kb of
 * memory (of disk with a spool).  A thread beyond that records into no
 * ring, and its trace says how many events it lost.
 */
#define RB_MAX_LIVE		64

struct trace_buffer *trace_buffer_claim(void);
/* the same, for the event path's kernel_fpu_call() (linux/event_path.h) */
void *__trace_buffer_claim(void *unused);
int ring_buffer_set_size_kb(unsigned long kb);
unsigned long ring_buffer_size_kb(void);
/* threads that could not even be counted (no buffer struct left) */
unsigned long ring_buffer_lost_threads(void);
/*
 * The kernel's tracing_reset_online_cpus(): readers start from what every
 * buffer holds now (the writers go on; only where reading starts moves).
 */
void ring_buffer_reset_readers(void);
/*
 * The trace file holds every buffer's entries up to now: ring_buffer_
 * snapshot(..., 1) copies from here on.  Only for that file: the other
 * readers (exports, stats) still start from the reset.
 */
void ring_buffer_mark_printed(void);

/*
 * Reading.  ring_buffer_nr_threads() and ring_buffer_thread(i) list every
 * buffer, of threads alive or exited (an unused one has head 0 and no
 * entries).  Between ring_buffer_read_start() and ring_buffer_read_end()
 * the list holds still: threads wait to claim or retire a buffer.  Outside
 * that, only the counters of a listed buffer may be read (head, events,
 * nested, ring_buffer_overrun()).
 *
 * The slots of a live buffer may be rewritten at any time: read them only
 * from ring_buffer_snapshot(b, copy, printed), which copies b into copy
 * (its own memory, freed with ring_buffer_snapshot_free()): each slot of
 * [head - nr of slots, head) is then a complete entry of the right lap or
 * TRACE_UNUSED, and nr_entries, overrun and uncommitted count them
 * (head = nr_entries + overrun + uncommitted).  The copy's reset_head and
 * reset_events say where its reader starts: b's, or with printed the
 * printed_head and printed_events of b.  -ENOENT for an unused buffer (or
 * one without a ring that lost nothing since), -ENOMEM.
 */
void ring_buffer_read_start(void);
void ring_buffer_read_end(void);
int ring_buffer_nr_threads(void);
struct trace_buffer *ring_buffer_thread(int i);
int ring_buffer_snapshot(struct trace_buffer *b, struct trace_buffer *copy,
			 int printed);
void ring_buffer_snapshot_free(struct trace_buffer *copy);
/* Slots of b lost to overwriting (a live buffer, a copy or a retired one). */
unsigned long ring_buffer_overrun(struct trace_buffer *b);
/*
 * What the reader of b (a live buffer with a ring, or a copy) has to
 * scan: the slots from start, the oldest neither overwritten nor before
 * its start, up to head; and the events committed since its start, read
 * just after head, so that a live buffer's two agree.
 */
struct rb_window {
	unsigned long	start;
	unsigned long	head;
	unsigned long	events;
};
void ring_buffer_window(struct trace_buffer *b, struct rb_window *w);
/*
 * Events of that window its reader did not find, given how many entries
 * it found there: for a copy of a buffer without a ring, the events its
 * TRACE_LOST entry stands for.
 */
unsigned long ring_buffer_events_lost(struct trace_buffer *b,
				      const struct rb_window *w,
				      unsigned long all);
/*
 * Events a buffer without a ring lost since the last reset (0 for a buffer
 * with one), and whether it lost its ring when its thread had exited.
 */
unsigned long ring_buffer_lost_events(struct trace_buffer *b);
int ring_buffer_was_dropped(struct trace_buffer *b);
/* Exited threads whose trace was dropped to bound memory, their entries. */
unsigned long ring_buffer_dropped_threads(void);
unsigned long ring_buffer_dropped_entries(void);

/*
 * A dead process's buffers (extras/trace_spool_read.c): dead is its struct
 * as the spool holds it, entries its slots (checked to hold mask + 1),
 * NULL for a buffer without a ring.  Listed like a retired buffer and read
 * like any other.  ring_buffer_in_use(): whether such a struct held a
 * buffer; ring_buffer_has_ring(): whether it had slots of its own.
 */
int ring_buffer_adopt(const struct trace_buffer *dead,
		      const struct trace_entry *entries);
int ring_buffer_in_use(const struct trace_buffer *dead);
int ring_buffer_has_ring(const struct trace_buffer *dead);

/* The calling thread's buffer, claimed at its first record. */
static inline struct trace_buffer *this_trace_buffer(void)
{
	struct trace_buffer *b = this_buffer;

	if (__builtin_expect(!b, 0))
		b = kernel_fpu_call(__trace_buffer_claim, NULL);
	return b;
}

/*
 * Reserve n consecutive slots in the calling thread's buffer; safe against
 * signal handlers that reserve in between.  Never NULL: a thread that
 * cannot have a buffer writes to a dummy that is never read.
 */
static inline struct trace_entry *trace_reserve(unsigned int n,
						unsigned long *idx)
{
	struct trace_buffer *b = this_trace_buffer();
	struct trace_entry *ring;
	unsigned long end, i, mask;
	unsigned int shift;

	end = local_add_return(n, &b->head);
	i = *idx = end - n;
	/* (in locals: the stores below cannot change them) */
	mask = b->mask;
	ring = b->entries;
	shift = __builtin_ctzl(mask + 1);
	/* one store per slot: never the old type with the new lap; n >= 1 */
	do
		__atomic_store_n(&ring[i & mask].commit,
				 TRACE_COMMIT(TRACE_UNUSED,
					      (uint8_t)(i >> shift)),
				 __ATOMIC_RELAXED);
	while (++i != end);
	/*
	 * The slots are marked unused before they are filled: a reader that
	 * sees any of the new contents also sees this mark (or the head that
	 * moved past its copy), never old type + new fields.
	 */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	return &ring[*idx & mask];
}

/* Fill the fields every entry type has. */
static inline void trace_entry_set(struct trace_entry *e, uint64_t ts,
				   unsigned long ip, uint64_t arg,
				   unsigned int cpu, unsigned int depth)
{
	e->ts = ts;
	e->ip = ip;
	e->arg = arg;
	e->cpu = cpu;
	e->depth = depth;
	e->flags = 0;
}

/*
 * The entry at e and the slots - 1 payload slots after it (each given the
 * type TRACE_PAYLOAD by its writer) are filled: give the entry its type
 * last, so a half-written slot never looks like an entry.
 *
 * Whether a signal handler recorded in between is read off the head, not
 * kept in a counter: if the handler jumps out (siglongjmp) instead of
 * returning, the record it interrupted is simply never committed, and
 * nothing is left behind to correct.
 */
static inline void trace_commit(struct trace_entry *e, enum trace_type type,
				unsigned int slots)
{
	struct trace_buffer *b = this_buffer;
	unsigned long pos = e - b->entries;
	uint16_t w = __atomic_load_n(&e->commit, __ATOMIC_RELAXED);

	/* slots reserved after ours, modulo the buffer size */
	if ((local_read(&b->head) - pos - slots) & b->mask)
		b->nested++;
	w |= TRACE_COMMIT(type, 0);	/* the type was TRACE_UNUSED */
	__atomic_store_n(&e->commit, w, __ATOMIC_RELEASE);
	local_add_return(1, &b->events);
}

/*
 * The common record, one slot (a function entry, a graph entry or
 * return): trace_reserve(), trace_entry_set() and trace_commit() in one,
 * with what they would each look up again kept in registers: the buffer,
 * the index and the lap.  The same order of stores: the slot marked
 * reserved, the fields, the type last.  Returns the slot's index.
 * __trace_record() writes to b, the thread's buffer, which its caller
 * found already there (this_buffer): no call to claim it.
 */
static inline __attribute__((always_inline)) unsigned long
__trace_record(struct trace_buffer *b, enum trace_type type, uint64_t ts,
	       unsigned long ip, uint64_t arg, unsigned int cpu,
	       unsigned int depth, unsigned int flags)
{
	struct trace_entry *e;
	unsigned long i;
	uint8_t lap;

	i = local_add_return(1, &b->head) - 1;
	e = &b->entries[i & b->mask];
	lap = i >> __builtin_ctzl(b->mask + 1);
	__atomic_store_n(&e->commit, TRACE_COMMIT(TRACE_UNUSED, lap),
			 __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	e->ts = ts;
	e->ip = ip;
	e->arg = arg;
	e->depth = depth;
	e->cpu = cpu;
	e->flags = flags;
	/* a handler recorded since our reservation */
	if (__builtin_expect(local_read(&b->head) != i + 1, 0))
		b->nested++;
	__atomic_store_n(&e->commit, TRACE_COMMIT(type, lap),
			 __ATOMIC_RELEASE);
	local_add_return(1, &b->events);
	return i;
}

static inline __attribute__((always_inline)) unsigned long
trace_record(enum trace_type type, uint64_t ts, unsigned long ip,
	     uint64_t arg, unsigned int cpu, unsigned int depth,
	     unsigned int flags)
{
	return __trace_record(this_trace_buffer(), type, ts, ip, arg, cpu,
			      depth, flags);
}

static inline struct trace_entry *trace_slot(unsigned long idx)
{
	return &this_buffer->entries[idx & this_buffer->mask];
}

#endif
