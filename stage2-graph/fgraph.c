// SPDX-License-Identifier: GPL-2.0
/*
 * The return stack of the function graph tracer (chapter 2).
 *
 * Each thread has a small stack of the functions it is inside of.  On entry
 * (function_graph_enter, called by the arch's prepare_ftrace_return) the
 * function's real return address is pushed and the arch points the return
 * slot at return_to_handler; on return (ftrace_return_to_handler) the entry
 * is popped and its address handed back to the asm, which jumps there.
 *
 * Which frame returns: every entry records the stack pointer its function
 * will return with (sp), and return_to_handler passes the sp it starts
 * with.  Two live frames never share an sp (frame pointers can: a caller
 * without one, or coroutines that inherit their creator's), so the topmost
 * entry with that sp is the one returning.  (A tail call hands its own,
 * already hijacked slot to the callee: both entries have the same sp, the
 * callee's is above and returns first, into return_to_handler again.)
 *
 * Frames that never return (longjmp, siglongjmp, an abandoned stack)
 * leave dead entries behind.  An entry is dead when its frame lies deeper
 * than a frame that is running now on the same stack (fgraph_stack.c says
 * which stack an address is on), or when it was made on the alternate
 * signal stack and the thread has left that stack.  Dead entries are
 * looked for at every entry and return that does not follow the simple
 * nesting, closed (their return is reported now) and dropped.
 *
 * Entries of other stacks (a suspended coroutine) can sit between the top
 * and a returning entry: that entry then becomes a hole (sp = 0), popped
 * once everything above it has gone, or squeezed out when the array is
 * full (with signals blocked: entries move).  The depth a tracer sees is
 * the number of live entries, not the index (plus depth_base inside a
 * coroutine, fgraph_context.c), and each entry keeps the depth it was
 * entered with for its return.
 *
 * Signals: a handler can run between any two instructions and push and pop
 * entries of its own.  A slot is therefore reserved (curr_ret_stack moved)
 * before it is filled, and released only after it was read; the top is
 * only ever lowered past holes, re-reading curr_ret_stack each time.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <linux/event_path.h>
#include <asm/irqflags.h>
#include <asm/trace_clock.h>
#include <linux/fgraph_lane.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kconfig.h>
#include <linux/trace_output.h>
#include "fgraph.h"

#define barrier()	fgraph_barrier()

__thread struct ftrace_ret_stack ret_stack[FTRACE_RETFUNC_DEPTH];
__thread int curr_ret_stack = -1;
/*
 * Entries that are not holes.  Plain increments are enough: a signal
 * handler that interrupts one gives back what it took before it returns
 * (and one that jumps away never lets the interrupted code resume).
 */
__thread int ret_stack_live;
/*
 * The depth of the thread's first live entry: 0, or under a coroutine
 * the depth of the frame that switched to it plus one (fgraph_ctx_save()).
 */
__thread int depth_base;
/* calls this thread made too deep for the return stack (the kernel's
 * per-task trace_overrun), and all threads' */
__thread unsigned long thread_overrun;
static unsigned long graph_overruns, graph_skipped;
static __thread int thread_known;
static int ftrace_graph_dead;

/* set by register_ftrace_graph(), stage2-graph/fgraph_ops.c */
fgraph_entry_t ftrace_graph_entry = ftrace_graph_entry_stub;
fgraph_return_t ftrace_graph_return = graph_return_stub;
__thread struct ftrace_ret_stack *fgraph_frame;
struct fgraph_ops *fgraph_one, *fgraph_fast;

__event_path int ftrace_graph_entry_stub(struct ftrace_graph_ent *trace)
{
	return 0;
}

/*
 * Report the return of the entry at idx, with the time of now; retp: its
 * return value, NULL for a frame that never returned.  Inlined: it is
 * most of every return.
 */
static inline __attribute__((always_inline)) void
graph_return(int idx, unsigned long long now, unsigned int cpu,
	     unsigned long *retp)
{
	struct ftrace_ret_stack *e = &ret_stack[idx], *prev;
	struct ftrace_graph_ret trace;
	struct fgraph_ops *gops;

	/*
	 * Field by field: an initializer would have gcc clear the struct
	 * first, which on some arches is a call of memset(), not on the
	 * event path (linux/event_path.h).
	 */
	trace.func = e->func;
	trace.depth = e->depth;
	trace.calltime = e->calltime;
	trace.rettime = now;
	trace.overrun = thread_overrun;
	trace.cpu = cpu;
	trace.retval = retp ? *retp : 0;
	trace.has_retval = !!retp;
	/* a handler that interrupts the callbacks has its own frame */
	prev = fgraph_frame;
	fgraph_frame = e;
	barrier();
	gops = __atomic_load_n(&fgraph_one, __ATOMIC_ACQUIRE);
	if (!gops)
		ftrace_graph_return(&trace);
	else if (fgraph_frame_taken_by(e, gops))
		gops->retfunc(&trace, gops);
	barrier();
	fgraph_frame = prev;
}

/* Entry k is no more: make it a hole (it was read before). */
static __event_path void release_entry(int k)
{
	barrier();
	ret_stack[k].sp = 0;
	ret_stack_live--;
}

/* A frame that will never return: report it closed now, and drop it. */
static __event_path void drop_entry(int k, unsigned long long *now,
				    unsigned int *cpu)
{
	if (!*now)
		*now = trace_clock_local(cpu);
	graph_return(k, *now, *cpu, NULL);
	__atomic_add_fetch(&graph_skipped, 1, __ATOMIC_RELAXED);
	release_entry(k);
}

/*
 * The array is full, but holes may sit between live entries (frames of
 * interleaved stacks returned out of order): squeeze them out.  A signal
 * handler must not see an entry twice or half-moved: block them (a slow
 * path, through kernel_fpu_call(): blocking them is the C library's).
 * Returns the number of entries left.
 */
static void *compact_ret_stack(void *unused)
{
	irqflags_t flags;
	int k, n = 0;

	local_irq_save(flags);
	for (k = 0; k <= curr_ret_stack; k++) {
		if (!ret_stack[k].sp)
			continue;
		if (k != n)
			ret_stack[n] = ret_stack[k];
		n++;
	}
	curr_ret_stack = n - 1;
	local_irq_restore(flags);
	return (void *)(long)n;
}

/*
 * Is e dead, seen from a frame running with sp on the stack "stack"?
 * Only the frames of the very stack sp is on can be compared with it; on
 * the alternate signal stack, the kernel starts every handler at its top,
 * so nothing made there survives the thread leaving it.
 */
static __event_path int entry_dead(const struct ftrace_ret_stack *e,
				   unsigned long sp, unsigned long stack)
{
	if (stack && e->stack == stack)
		return e->sp < sp;
	return (e->stack & FGRAPH_ALT_STACK) && !(stack & FGRAPH_ALT_STACK);
}

/*
 * The slow path of function_graph_enter(): the call does not simply nest
 * in the top entry (a jump or a switch of stacks happened).  Drop what the
 * new frame proves dead, from the top down to its first live ancestor on
 * its own stack.  tail: the new frame was entered through a slot already
 * hijacked (a tail call): the entry with the same sp is its live caller.
 * On an unknown stack (a coroutine's) only alternate-stack entries can be
 * proved dead, and those lie on top (a handler's frames come last): the
 * walk ends at the first other entry, so calls there stay cheap.
 */
static __event_path void drop_dead_entries(unsigned long sp,
					   unsigned long stack, int tail)
{
	unsigned long long now = 0;
	unsigned int cpu = 0;
	int k;

	for (k = curr_ret_stack; k >= 0; k--) {
		struct ftrace_ret_stack *e = &ret_stack[k];

		if (!e->sp)
			continue;
		if (!stack && !(e->stack & FGRAPH_ALT_STACK))
			break;
		if (stack && e->stack == stack &&
		    (e->sp > sp || (e->sp == sp && tail)))
			break;
		if (entry_dead(e, sp, stack) || (stack && e->stack == stack))
			drop_entry(k, &now, &cpu);
	}
	trim_ret_stack();
}

void ftrace_graph_stop(void)
{
	__atomic_store_n(&ftrace_graph_dead, 1, __ATOMIC_RELAXED);
	/* (the fast path does not read ftrace_graph_dead) */
	__atomic_store_n(&fgraph_fast, NULL, __ATOMIC_RELAXED);
	fgraph_lane_update();
}

int fgraph_stopped(void)
{
	return __atomic_load_n(&ftrace_graph_dead, __ATOMIC_RELAXED);
}

static void *fgraph_thread_init(void *unused);

/*
 * Every other entry: the thread's first, a call that does not simply
 * nest in the top entry (a jump or a switch of stacks happened), or one
 * with no room left above the top.  NULL: the call is not hijacked.
 */
static __event_path struct ftrace_ret_stack *
fgraph_push_slow(unsigned long ret, unsigned long func,
		 unsigned long frame_pointer, unsigned long *retp,
		 unsigned long sp, unsigned int *cpu)
{
	unsigned long stack;
	int idx = curr_ret_stack;

	if (__builtin_expect(idx < 0 && !thread_known, 0))
		kernel_fpu_call(fgraph_thread_init, NULL);
	if (idx >= 0 && fgraph_nests_in(&ret_stack[idx], sp)) {
		/* nested, but perhaps no room above: see below */
		stack = ret_stack[idx++].stack;
	} else {
		stack = fgraph_stack_of(sp);
		if (idx >= 0 && !(stack && ret_stack[idx].stack == stack &&
				  ret_stack[idx].sp > sp))
			drop_dead_entries(sp, stack,
					  ret == (unsigned long)return_to_handler);
		idx = curr_ret_stack + 1;
	}
	if (idx >= FTRACE_RETFUNC_DEPTH &&
	    ret_stack_live < idx)
		idx = (long)kernel_fpu_call(compact_ret_stack, NULL);
	if (idx >= FTRACE_RETFUNC_DEPTH) {
		/* too deep: the function runs and returns untouched */
		thread_overrun++;
		__atomic_add_fetch(&graph_overruns, 1, __ATOMIC_RELAXED);
		return NULL;
	}
	return fgraph_reserve(&ret_stack[idx], idx, ret, func, frame_pointer,
			      retp, sp, stack, cpu);
}

/*
 * What the arch calls.  With a user that has a fast path (fgraph_fast),
 * it has every call; it hands back to __function_graph_enter() what it
 * does not take on the fast path.
 */
__event_path int function_graph_enter(unsigned long ret, unsigned long func,
				      unsigned long frame_pointer,
				      unsigned long *retp, unsigned long sp)
{
	struct fgraph_ops *fast = __atomic_load_n(&fgraph_fast,
						  __ATOMIC_ACQUIRE);

	if (__builtin_expect(fast != NULL, 1))
		return fast->fast_entry(ret, func, frame_pointer, retp, sp);
	return __function_graph_enter(ret, func, frame_pointer, retp, sp);
}

__event_path int __function_graph_enter(unsigned long ret, unsigned long func,
					unsigned long frame_pointer,
					unsigned long *retp, unsigned long sp)
{
	struct ftrace_graph_ent trace;
	struct ftrace_ret_stack *e, *prev;
	struct fgraph_ops *gops;
	unsigned int cpu;
	int took;

	if (__builtin_expect(ftrace_graph_dead, 0))
		return -EBUSY;
	/* chapter 5: a site another ops enabled, outside the graph filter */
	if (!ftrace_graph_wants(func))
		return -EBUSY;
	e = fgraph_push_nested(ret, func, frame_pointer, retp, sp, &cpu);
	if (!e)
		e = fgraph_push_slow(ret, func, frame_pointer, retp, sp, &cpu);
	if (!e)
		return -EBUSY;

	trace.func = func;
	trace.depth = e->depth;
	trace.calltime = e->calltime;
	trace.cpu = cpu;
	prev = fgraph_frame;
	fgraph_frame = e;
	barrier();
	/* one user: called here, its bit set here (fgraph_ops.c) */
	gops = __atomic_load_n(&fgraph_one, __ATOMIC_ACQUIRE);
	if (!gops)
		took = ftrace_graph_entry(&trace);
	else if ((took = gops->entryfunc(&trace, gops)))
		fgraph_frame_take(e, gops);
	barrier();
	fgraph_frame = prev;
	if (!took) {
		release_entry(e - ret_stack);
		trim_ret_stack();
		return -EBUSY;
	}
	return 0;
}

#ifdef HAVE_FUNCTION_GRAPH_FP_TEST
/*
 * HAVE_FUNCTION_GRAPH_FP_TEST failed, or no entry has the returning sp:
 * the return address is unknown.  The kernel stops the graph tracer and
 * panics, we stop hijacking (other threads) and abort.
 */
struct bad_frame {
	struct ftrace_ret_stack	*e;
	unsigned long		expected, received;
};

static void *bad_frame_report(void *arg)
{
	struct bad_frame *bf = arg;
	char msg[256], name[32];
	int n;

	n = snprintf(msg, sizeof(msg), "Bad frame pointer: expected %lx, "
		     "received %lx\n  from func %s return to %lx\n",
		     bf->expected, bf->received,
		     ksym_name(bf->e->func, name, sizeof(name)), bf->e->ret);
	if (write(2, msg, n) < 0)
		abort();
	abort();
}

static __event_path void __attribute__((noreturn))
bad_frame_pointer(struct ftrace_ret_stack *e, unsigned long expected,
		  unsigned long received)
{
	struct bad_frame bf = { e, expected, received };

	ftrace_graph_dead = 1;
	kernel_fpu_call(bad_frame_report, &bf);
	__builtin_unreachable();
}
#endif

static void *ret_stack_underflow(void *unused)
{
	static const char msg[] = "ftrace: return stack underflow\n";

	if (write(2, msg, sizeof(msg) - 1) < 0)
		abort();
	abort();
}

/* What return_to_handler calls: as function_graph_enter() */
__event_path unsigned long ftrace_return_to_handler(unsigned long sp,
						    unsigned long frame_pointer,
						    unsigned long retval)
{
	struct fgraph_ops *fast = __atomic_load_n(&fgraph_fast,
						  __ATOMIC_ACQUIRE);

	if (__builtin_expect(fast != NULL, 1))
		return fast->fast_return(sp, frame_pointer, retval);
	return __ftrace_return_to_handler(sp, frame_pointer, retval);
}

__event_path unsigned long __ftrace_return_to_handler(unsigned long sp,
						      unsigned long frame_pointer,
						      unsigned long retval)
{
	unsigned long *retp = NULL;
	unsigned long long now = 0;
	unsigned long ret, stack;
	unsigned int cpu = 0;
	int idx = curr_ret_stack, j, k;

	if (idx < 0) {
		kernel_fpu_call(ret_stack_underflow, NULL);
		__builtin_unreachable();
	}
	for (j = idx; j >= 0 && ret_stack[j].sp != sp; j--)
		;
	if (j < 0) {
#ifdef HAVE_FUNCTION_GRAPH_FP_TEST
		bad_frame_pointer(&ret_stack[idx], ret_stack[idx].sp, sp);
#else
		j = idx;	/* the kernel's assumption: the top returns */
#endif
	}
#ifdef HAVE_FUNCTION_GRAPH_FP_TEST
	if (ret_stack[j].fp != frame_pointer)
		bad_frame_pointer(&ret_stack[j], ret_stack[j].fp,
				  frame_pointer);
#endif
	if (j < idx) {
		/* above us: frames a jump skipped, or other stacks' frames */
		stack = fgraph_stack_of(sp);
		for (k = idx; k > j; k--)
			if (ret_stack[k].sp &&
			    entry_dead(&ret_stack[k], sp, stack))
				drop_entry(k, &now, &cpu);
	}
	if (!now)
		now = trace_clock_local(&cpu);
	ret = ret_stack[j].ret;
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_RETVAL))
		retp = &retval;
	graph_return(j, now, cpu, retp);
	fgraph_release(&ret_stack[j]);	/* read everything, then release */
	return ret;
}

/*
 * Where the frame of entry k really returns.  A tail call's entry holds
 * return_to_handler: the callee found its caller's slot hijacked already.
 * Both return with the same sp, and the caller's entry, the next live one
 * below with that sp, knows the address.  (On x86_64 they share the slot;
 * on MIPS the callee saved ra in a frame of its own, so the caller's slot
 * is gone.)
 */
__event_path unsigned long fgraph_entry_ret(int k)
{
	unsigned long rth = (unsigned long)return_to_handler;
	unsigned long sp = ret_stack[k].sp;

	for (; k >= 0; k--)
		if (ret_stack[k].sp == sp && ret_stack[k].ret != rth)
			return ret_stack[k].ret;
	return rth;
}

/*
 * An unwinder read ret from the stack slot retp: if that is
 * return_to_handler, the slot was hijacked and the entry knows the real
 * address.
 */
__event_path unsigned long ftrace_graph_ret_addr(int *idx, unsigned long ret,
						 unsigned long *retp)
{
	int i;
#ifndef HAVE_FUNCTION_GRAPH_RET_ADDR_PTR
	int n = 0;
#endif

	if (ret != (unsigned long)return_to_handler)
		return ret;
#ifdef HAVE_FUNCTION_GRAPH_RET_ADDR_PTR
	/*
	 * The newest entry of that slot is the live one (older ones belong
	 * to dead frames that used the same place); a tail call put
	 * return_to_handler in the entry above its caller's.
	 */
	for (i = curr_ret_stack; i >= 0; i--)
		if (ret_stack[i].sp && ret_stack[i].retp == retp)
			return fgraph_entry_ret(i);
#else
	/* the walk meets hijacked frames newest first: count them */
	for (i = curr_ret_stack; i >= 0; i--) {
		if (!ret_stack[i].sp)
			continue;
		if (n++ == *idx) {
			(*idx)++;
			return ret_stack[i].ret;
		}
	}
#endif
	return ret;
}

/*
 * A thread that ends inside traced frames (pthread_exit, cancellation: a
 * forced unwind leaves at least the start routine's frame behind) closes
 * what is still open, from a TLS destructor.  The key is made at start-up,
 * among the first of the process: setting one of the first 32 keys only
 * stores into the thread's own descriptor, safe in a signal handler,
 * where a thread's first entry may come.
 */
static pthread_key_t fgraph_exit_key;

static void fgraph_thread_exit(void *unused)
{
	unsigned long long now = 0;
	unsigned int cpu = 0;
	int k;

	for (k = curr_ret_stack; k >= 0; k--)
		if (ret_stack[k].sp)
			drop_entry(k, &now, &cpu);
	curr_ret_stack = -1;
}

/* A thread's first entry: have its open frames closed when it ends. */
static void *fgraph_thread_init(void *unused)
{
	int saved_errno = errno;

	thread_known = 1;
	pthread_setspecific(fgraph_exit_key, (void *)1);
	errno = saved_errno;
	return NULL;
}

/* Every entry that a frame running with sp proves dead goes (unwinding). */
void fgraph_drop_dead(unsigned long sp)
{
	drop_dead_entries(sp, fgraph_stack_of(sp), 0);
}

/*
 * An unwinder walks out of the hijacked frame that returns with sp: the
 * real return address, or 0 when no entry has that sp.  drop: the frame
 * is gone for good (a forced unwind: pthread_exit, pthread_cancel): close
 * its entries, and those of deeper frames on its stack.
 */
unsigned long fgraph_unwind_frame(unsigned long sp, int drop)
{
	unsigned long long now = 0;
	unsigned long ret = 0;
	unsigned int cpu = 0;
	int k;

	for (k = curr_ret_stack; k >= 0; k--) {
		struct ftrace_ret_stack *e = &ret_stack[k];

		if (e->sp != sp)
			continue;
		/* a tail call's entry holds return_to_handler: look below */
		if (!ret && e->ret != (unsigned long)return_to_handler)
			ret = e->ret;
		if (drop)
			drop_entry(k, &now, &cpu);
		if (ret)
			break;
	}
	if (drop) {
		fgraph_drop_dead(sp);
		trim_ret_stack();
	}
	return ret;
}

/*
 * Functions the arch could not hook, named when the program exits: this
 * runs on the traced path, perhaps in a signal handler or inside the
 * program's own allocator, where naming a function (loading the symbol
 * table: a lock and malloc) could deadlock.
 */
#define NOT_HOOKED_MAX	8
static struct {
	unsigned long	func;		/* 0: not written yet */
	const char	*why;
} not_hooked[NOT_HOOKED_MAX];
static unsigned int nr_not_hooked;

__event_path void ftrace_graph_not_hooked(int *said, unsigned long func,
					  const char *why)
{
	unsigned int i;

	if (__atomic_exchange_n(said, 1, __ATOMIC_RELAXED))
		return;
	i = __atomic_fetch_add(&nr_not_hooked, 1, __ATOMIC_RELAXED);
	if (i >= NOT_HOOKED_MAX)
		return;
	not_hooked[i].why = why;
	__atomic_store_n(&not_hooked[i].func, func, __ATOMIC_RELEASE);
}

static void not_hooked_report(void)
{
	unsigned int i;
	char name[KSYM_NAME_LEN];

	for (i = 0; i < NOT_HOOKED_MAX; i++) {
		unsigned long func = __atomic_load_n(&not_hooked[i].func,
						     __ATOMIC_ACQUIRE);

		if (func)
			fprintf(stderr, "ftrace: function_graph: %s%s\n",
				ksym_name(func, name, sizeof(name)),
				not_hooked[i].why);
	}
}

/*
 * A context switch (fgraph_context.c): the frames the thread runs in now
 * are suspended with their context, which may be resumed on another
 * thread.  Their entries leave this thread's return stack for save[]
 * (oldest first, holes left out); the live count is returned.  The
 * thread's return stack is empty afterwards.
 */
int fgraph_ctx_save(struct ftrace_ret_stack *save, int max, int *depth)
{
	irqflags_t flags;
	int k, n = 0;

	local_irq_save(flags);
	*depth = depth_base;
	/* the next context's frames nest under the switching one */
	depth_base += ret_stack_live;
	for (k = 0; k <= curr_ret_stack; k++) {
		if (!ret_stack[k].sp)
			continue;
		if (n == max)	/* cannot happen: max counts the slots */
			break;
		save[n++] = ret_stack[k];
		ret_stack[k].sp = 0;
		ret_stack_live--;
	}
	trim_ret_stack();
	local_irq_restore(flags);
	return n;
}

/*
 * The context is running again, on whatever thread resumed it: its
 * entries go back on top of that thread's return stack, each with the
 * depth it was entered with.  Entries that do not fit, the oldest ones,
 * get their real return address back in the frame (no return event: they
 * are counted as graph-overrun, as too deep a call is).  A tail call's
 * entries (one sp, next to each other) go together, and only the newest
 * has a slot of its own (see fgraph_entry_ret()).
 */
void fgraph_ctx_restore(const struct ftrace_ret_stack *save, int n,
			int depth)
{
	unsigned long rth = (unsigned long)return_to_handler, *slot;
	irqflags_t flags;
	int j, k, cut;

	local_irq_save(flags);
	depth_base = depth;
	cut = n - (FTRACE_RETFUNC_DEPTH - 1 - curr_ret_stack);
	if (cut > 0 && ret_stack_live <= curr_ret_stack)
		cut = n - (FTRACE_RETFUNC_DEPTH -
			   (long)compact_ret_stack(NULL));
	while (cut > 0 && cut < n && save[cut].sp == save[cut - 1].sp)
		cut++;
	for (k = 0; k < n; k++) {
		if (k >= cut) {
			ret_stack[++curr_ret_stack] = save[k];
			ret_stack_live++;
			continue;
		}
		thread_overrun++;
		__atomic_add_fetch(&graph_overruns, 1, __ATOMIC_RELAXED);
		if (k + 1 < cut && save[k + 1].sp == save[k].sp)
			continue;
		for (j = k; j > 0 && save[j].ret == rth &&
			    save[j - 1].sp == save[k].sp; j--)
			;
		slot = ftrace_graph_ret_slot(save[k].retp, save[k].sp);
		if (save[j].ret != rth && slot && *slot == rth)
			*slot = save[j].ret;
	}
	local_irq_restore(flags);
}

/* How many slots a fgraph_ctx_save() may fill. */
int fgraph_ctx_slots(void)
{
	return curr_ret_stack + 1;
}

unsigned long ftrace_graph_overruns(void)
{
	return graph_overruns;
}

unsigned long ftrace_graph_skipped_frames(void)
{
	return graph_skipped;
}

/* A child after fork() counts its own overruns, as a new task does. */
static void fgraph_after_fork(void)
{
	thread_overrun = 0;
	graph_overruns = graph_skipped = 0;
}

static __init_core void fgraph_init(void)
{
	pthread_atfork(NULL, NULL, fgraph_after_fork);
	pthread_key_create(&fgraph_exit_key, fgraph_thread_exit);
	trace_add_exit_writer(not_hooked_report);
}
