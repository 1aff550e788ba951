/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lane: the function_graph tracer's common call taken whole by the
 * arch's assembly, where the arch has one (x86_64: fgraph_lane.S), the
 * kit's own speed-up, which the kernel does not have.  Everything else
 * goes on to the C hooks, and an arch without a lane calls those alone.
 *
 *   fgraph_lane_enter(parent, selfpc, frame_pointer)
 *	prepare_ftrace_return()'s arguments and contract; it jumps there
 *	for any call it does not take.  It follows the C calling
 *	convention and touches no callee-saved register, so a trampoline
 *	calls it where it called the C.
 *   fgraph_lane_return
 *	the rest of the arch's return_to_handler, which jumps there having
 *	saved only the return value's registers: at a return the other
 *	caller-saved ones are dead, and the lane ends in the jump to the
 *	real return address.  A call it does not take goes back to the
 *	arch's call of ftrace_return_to_handler().
 *
 * The lane takes a call only when the C fast path
 * (trace_functions_graph.c, graph_fast_entry() and graph_fast_return())
 * would, and does what it does, store for store and in the same order: a
 * signal handler may run between any two of them, as the return stack's
 * helpers (fgraph.h) explain.  So the lane reads the same state:
 *
 *   the registration	fgraph_fast == &graph_tracer_ops, and at an
 *			entry the graph filter unasked
 *			(ftrace_graph_filter_check)
 *   the settings	graph_flags & GRAPH_LANE_MASK == GRAPH_LANE_OPEN
 *			(these two rows in one word: fgraph_lane_gate,
 *			below)
 *   the thread		irq_count 0, outside set_graph_notrace and
 *			set_graph_function calls (notrace_depth,
 *			filter_depth both -1), no new overrun
 *			(thread_overrun == recorded_overrun), its CPU
 *			number in its rseq area
 *
 * and writes what the C writes: ret_stack[], curr_ret_stack,
 * ret_stack_live, a record (struct trace_entry, __trace_record() in
 * ring_buffer.h) and the leaf's merge (last_ent, last_ent_buffer).
 *
 * The layouts the assembly reads are fixed here, and checked against the
 * C structs at compile time (the LANE_AT() asserts of
 * trace_functions_graph.c); the kernel's entry code reads offsets
 * generated from C instead (arch/x86/kernel/asm-offsets.c, common()'s
 * OFFSET() lines, since v2.6.24).
 */
#ifndef _LINUX_FGRAPH_LANE_H
#define _LINUX_FGRAPH_LANE_H

/*
 * graph_flags (trace_functions_graph.c's graph_plain()): the lane is shut
 * by funcgraph-irqs off, funcgraph-retval on, a setting being decided
 */
#define GRAPH_LANE_MASK		(1 << 5 | 1 << 8 | 7 << 16)
#define GRAPH_LANE_OPEN		(1 << 5)

/*
 * fgraph_lane_gate (stage2-graph/fgraph_lane.c): the registration and
 * settings rows above, as the last fgraph_lane_update() found them, so
 * that the lane tests one word where it would load three.  Its low 32
 * bits say which halves of a call the lane may take, as the function the
 * tracer registered says (fgraph_lane_register()); the high ones count
 * the updates.  Whoever changes fgraph_fast, graph_flags or
 * ftrace_graph_filter_check calls fgraph_lane_update() after the change
 * and before relying on it.
 */
#define FGRAPH_LANE_RETURNS	1	/* the registration and settings */
#define FGRAPH_LANE_ENTRIES	2	/* and no graph filter to ask */
#define FGRAPH_LANE_ALL		(FGRAPH_LANE_RETURNS | FGRAPH_LANE_ENTRIES)

/* struct ftrace_ret_stack (stage2-graph/fgraph.h) */
#define RS_RET			0
#define RS_FUNC			8
#define RS_FP			16
#define RS_RETP			24
#define RS_SP			32
#define RS_STACK		40
#define RS_CALLTIME		48
#define RS_DEPTH		56
#define RS_USERS		60	/* with data_words: 32 bits */
#define RS_GEN			64
#define RS_SIZE			160
#define RS_ENTRIES		128	/* FTRACE_RETFUNC_DEPTH */
#define RS_ALT_STACK		1	/* FGRAPH_ALT_STACK */

/* struct trace_buffer and struct trace_entry (linux/ring_buffer.h) */
#define RB_HEAD			0
#define RB_MASK			8
#define RB_NESTED		40
#define RB_EVENTS		48
#define RB_ENTRIES		56
#define TE_TS			0
#define TE_IP			8
#define TE_ARG			16
#define TE_COMMIT		24	/* type, lap, depth, cpu, flags: 64 bits */
#define TE_DEPTH		26
#define TE_SHIFT		5	/* 32 bytes an entry */
#define TE_GRAPH_ENT		4	/* TRACE_GRAPH_ENT */
#define TE_GRAPH_RET		5	/* TRACE_GRAPH_RET */
#define TE_IRQS_OFF		1	/* TRACE_FLAG_IRQS_OFF */

/* struct fgraph_ops (linux/ftrace.h) */
#define GOPS_IDX		16
#define GOPS_GEN		24

#ifndef __ASSEMBLY__
#include <linux/ring_buffer.h>

/* the function_graph tracer's, for the lane (trace_functions_graph.c) */
extern unsigned long graph_flags;
extern struct fgraph_ops graph_tracer_ops;
extern __thread int filter_depth, notrace_depth;
extern __thread unsigned long recorded_overrun;
extern __thread unsigned long last_ent;
extern __thread struct trace_buffer *last_ent_buffer;

void fgraph_lane_enter(unsigned long *parent, unsigned long selfpc,
		       unsigned long frame_pointer);

#if defined(HAVE_FGRAPH_LANE) && defined(CONFIG_FUNCTION_GRAPH_TRACER)
extern unsigned long fgraph_lane_gate;
void fgraph_lane_register(int (*halves)(void));
void fgraph_lane_update(void);
#else
static inline void fgraph_lane_update(void)
{
}
#endif
#endif /* !__ASSEMBLY__ */

#endif
