/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring buffer (stage1-static/ring_buffer.c): one buffer per thread, the
 * user-space stand-in for the kernel's per-CPU buffers.  Writers reserve
 * slots, fill them and commit them; the trace printers read them back
 * through a snapshot (ring_buffer_read_start()).
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <stdint.h>
#include <sys/types.h>
#include <asm/local.h>

enum trace_type {
	TRACE_UNUSED = 0,
	TRACE_FN,		/* function tracer: ip, parent */
	TRACE_STACK,		/* func_stack_trace: header, then payloads */
	TRACE_STACK_PAYLOAD,
	TRACE_GRAPH_ENT,	/* function_graph: entry of ip */
	TRACE_GRAPH_RET,	/* function_graph: return from ip */
	TRACE_NR_TYPES
};

/*
 * One slot, the same 32 bytes on every arch (addresses widened to 64 bits)
 * so the buffer arithmetic is arch-independent.
 *
 * The commit word says whether the slot holds an entry, and of which lap:
 * trace_reserve() sets it to { TRACE_UNUSED, slots, lap } before anything
 * else is written, trace_commit() stores the type into it last.  A reader
 * takes a slot only when its type is set and its lap is the one the slot's
 * index implies, so neither a half-written slot nor a slot left over from
 * an older lap is ever read as an entry.
 */
struct trace_entry {
	union {
		struct {
			uint64_t ts;	/* trace_clock_local() units */
			uint64_t ip;	/* selfpc: the site in the function */
			uint64_t arg;	/* frompc, or graph call time */
		};
		uint64_t pc[3];		/* TRACE_STACK_PAYLOAD */
	};
	union {
		struct {
			uint8_t type;	/* enum trace_type */
			uint8_t slots;	/* 1 + payload slots of this record */
			uint16_t lap;	/* index / nr of slots, low 16 bits */
		};
		uint32_t commit;
	};
	uint16_t depth;			/* graph depth; stack: nr of pcs */
	uint16_t cpu;
};

/* The commit word from its three fields, built in a register. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TRACE_COMMIT(type, slots, lap) \
	((uint32_t)(type) | (uint32_t)(slots) << 8 | (uint32_t)(lap) << 16)
#define TRACE_COMMIT_TYPE(w)	((w) & 0xff)
#define TRACE_COMMIT_SLOTS(w)	((w) >> 8 & 0xff)
#else
#define TRACE_COMMIT(type, slots, lap) \
	((uint32_t)(type) << 24 | (uint32_t)(slots) << 16 | (uint32_t)(lap))
#define TRACE_COMMIT_TYPE(w)	((w) >> 24)
#define TRACE_COMMIT_SLOTS(w)	((w) >> 16 & 0xff)
#endif

#define TRACE_COMM_LEN	16

/*
 * The buffer of one thread.  While the thread lives it is written in
 * place; when the thread exits it is retired: its entries are copied into
 * a buffer just big enough, which is kept (up to a bound) so the trace of
 * exited threads is still written at the end.
 */
struct trace_buffer {
	local_t		head;		/* slots ever reserved */
	unsigned long	mask;		/* nr of slots - 1 */
	pid_t		tid;
	char		comm[TRACE_COMM_LEN];
	unsigned long	nested;		/* records another record interrupted */
	struct trace_entry *entries;
	/* set in a snapshot and in a retired buffer (see rb_copy()) */
	unsigned long	nr_entries;	/* slots holding an entry */
	unsigned long	overrun;	/* slots lost to overwriting */
	unsigned long	uncommitted;	/* reserved, never (yet) committed */
	/* ring_buffer.c's own bookkeeping */
	int		state;
	struct trace_buffer *next;
};

extern __thread struct trace_buffer *this_buffer;

struct trace_buffer *trace_buffer_claim(void);
int ring_buffer_set_size_kb(unsigned long kb);
unsigned long ring_buffer_size_kb(void);
unsigned long ring_buffer_lost_threads(void);
void ring_buffer_reset(void);

/*
 * Reading.  Between ring_buffer_read_start() and ring_buffer_read_end(),
 * ring_buffer_nr_threads() and ring_buffer_thread(i) give a consistent
 * copy of every thread's buffer, live or exited: each slot in
 * [head - nr of slots, head) either holds a complete entry of the right lap
 * or is TRACE_UNUSED, and nr_entries, overrun and uncommitted say how many
 * of each (written = head = nr_entries + overrun + uncommitted).  Threads
 * may go on writing, exit and start meanwhile (they wait for the end of
 * the read to claim or retire a buffer).  Outside a read, and on any other
 * thread, the same two functions give the live table, good for counters
 * only (head, nested, ring_buffer_overrun()): an unused entry has head 0.
 */
void ring_buffer_read_start(void);
void ring_buffer_read_end(void);
int ring_buffer_nr_threads(void);
struct trace_buffer *ring_buffer_thread(int i);
/* Exited threads whose trace was dropped to bound memory, and its slots. */
unsigned long ring_buffer_dropped_threads(void);
unsigned long ring_buffer_dropped_entries(void);
/* Slots of b lost to overwriting (a live buffer, a copy or a retired one). */
unsigned long ring_buffer_overrun(struct trace_buffer *b);

/*
 * Reserve n consecutive slots in the calling thread's buffer; safe against
 * signal handlers that reserve in between.  Never NULL: a thread that
 * cannot have a buffer writes to a dummy that is never read.
 */
static inline struct trace_entry *trace_reserve(unsigned int n,
						unsigned long *idx)
{
	struct trace_buffer *b = this_buffer;
	unsigned long end, i;
	unsigned int shift;

	if (__builtin_expect(!b, 0))
		b = trace_buffer_claim();
	end = local_add_return(n, &b->head);
	*idx = end - n;
	shift = __builtin_ctzl(b->mask + 1);
	/* one store per slot: never the old type with the new lap */
	for (i = *idx; i < end; i++)
		__atomic_store_n(&b->entries[i & b->mask].commit,
				 TRACE_COMMIT(TRACE_UNUSED, i == *idx ? n : 0,
					      (uint16_t)(i >> shift)),
				 __ATOMIC_RELAXED);
	/*
	 * The slots are marked unused before they are filled: a reader that
	 * sees any of the new contents also sees this mark (or the head that
	 * moved past its copy), never old type + new fields.
	 */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	return &b->entries[*idx & b->mask];
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
}

/*
 * The entry at e (and any payload slots after it) is filled: give it its
 * type last, so a half-written slot never looks like an entry.
 *
 * Whether a signal handler recorded in between is read off the head, not
 * kept in a counter: if the handler jumps out (siglongjmp) instead of
 * returning, the record it interrupted is simply never committed, and
 * nothing is left behind to correct.
 */
static inline void trace_commit(struct trace_entry *e, enum trace_type type)
{
	struct trace_buffer *b = this_buffer;
	unsigned long pos = e - b->entries;
	uint32_t w = __atomic_load_n(&e->commit, __ATOMIC_RELAXED);

	/* slots reserved after ours, modulo the buffer size */
	if ((local_read(&b->head) - pos - TRACE_COMMIT_SLOTS(w)) & b->mask)
		b->nested++;
	w |= TRACE_COMMIT(type, 0, 0);	/* the type was TRACE_UNUSED, 0 */
	__atomic_store_n(&e->commit, w, __ATOMIC_RELEASE);
}

static inline struct trace_entry *trace_slot(unsigned long idx)
{
	return &this_buffer->entries[idx & this_buffer->mask];
}

#endif
