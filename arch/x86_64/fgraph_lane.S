/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64's lane (linux/fgraph_lane.h): the function_graph tracer's common
 * call taken whole here, with no C call, no callee-saved register and no
 * stack of its own.  The trampolines come here where they called the C
 * hooks:
 *
 *   ftrace_graph_caller (mcount.S, chapters 2 and 5), ftrace_graph_func()
 *   (ftrace.c, chapter 8), after saving the traced function's registers:
 *	call	fgraph_lane_enter	%rdi parent: the slot of func's
 *					return address; %rsi selfpc;
 *					%rdx the frame pointer to test
 *   return_to_handler (mcount.S), after pushing %rax and %rdx:
 *	jmp	fgraph_lane_return	which ends in the jump to where func
 *					really returns
 *
 * Each tests first, its arguments only read: any test that fails goes on
 * to the C (prepare_ftrace_return(), with the arguments as they came;
 * return_to_handler_full, with the stack as return_to_handler found it).
 * What follows the tests is the C fast path (trace_functions_graph.c,
 * graph_fast_entry() and graph_fast_return(), with fgraph.h's helpers and
 * ring_buffer.h's __trace_record() inlined) store for store, in its
 * order: a signal handler may land between any two instructions and
 * push, record and pop on its own, as those helpers' comments explain.
 * Counters a handler also moves change in one instruction (xadd, inc,
 * dec on memory), which a handler between two instructions cannot split;
 * the return stack's index is stored, as the C stores it, never moved by
 * one: a handler may pop the holes above it meanwhile
 * (fgraph_lane_return's pop).
 *
 * The thread's state is the executable's TLS (%fs:sym@tpoff: the runtime
 * is always linked into the program); ret_stack[k] is at
 * %fs:ret_stack@tpoff + k * RS_SIZE, kept as that offset in a register.
 */
#include <linux/event_path.h>
#include <linux/fgraph_lane.h>
#include <linux/ftrace.h>
#include <asm/mcount_frame.h>

#define RSEQ_CPU_ID	4	/* struct rseq's cpu_id (linux/rseq.h) */
/* the C library says where the thread's rseq area is (glibc 2.35 on) */
#if __has_include(<sys/rseq.h>)
#define HAVE_LANE_RSEQ
#endif

/* ret_stack[k]'s field, k's offset in \r */
#define RS(field, r)	%fs:ret_stack@tpoff+field(r)

/* \off = \k * RS_SIZE, ret_stack[k]'s offset: a lea and a shift */
.macro RS_OFFSET k, off
.if RS_SIZE != 5 << 5
	.error "RS_SIZE is no longer 5 << 5: RS_OFFSET must change with it"
.endif
	leaq	(\k,\k,4), \off
	shlq	$5, \off
.endm

/*
 * \reg = the C library's long \sym (data of the dynamic loader): through
 * the GOT in a PIE's runtime, as the compiler reaches it there
 */
.macro LOAD_LIBC sym, reg
#ifdef __PIC__
	movq	\sym@GOTPCREL(%rip), \reg
	movq	(\reg), \reg
#else
	movq	\sym(%rip), \reg
#endif
.endm

/*
 * Jump to \miss unless the lane is open for this call: the function_graph
 * tracer is the return stack's one user with a fast path, nothing to
 * decide (graph_plain()), at an entry no filter to ask (a return has
 * none: graph_fast_return()), all three in fgraph_lane_gate's low half;
 * the thread outside signal handlers and filters' calls, and its CPU
 * number in its rseq area (asm/trace_clock.h's trace_cpu(); the C takes
 * threads without one).  Clobbers %rax.
 */
.macro LANE_OPEN miss, entry
.if \entry
	cmpl	$FGRAPH_LANE_ALL, fgraph_lane_gate(%rip)
	jne	\miss
.else
	testb	$FGRAPH_LANE_RETURNS, fgraph_lane_gate(%rip)
	jz	\miss
.endif
	cmpl	$0, %fs:irq_count@tpoff
	jne	\miss
	movl	%fs:notrace_depth@tpoff, %eax
	andl	%fs:filter_depth@tpoff, %eax
	jns	\miss			/* not both -1: inside a filter's call */
#ifdef HAVE_LANE_RSEQ
	/*
	 * No need to ask __rseq_size, which is 0 for a process without
	 * rseq: the C library writes -2 (RSEQ_CPU_ID_REGISTRATION_FAILED)
	 * into the area of a thread it could not register, or was told
	 * not to (glibc 2.35's rseq_register_current_thread(),
	 * sysdeps/unix/sysv/linux/rseq-internal.h), and the kernel -1
	 * (RSEQ_CPU_ID_UNINITIALIZED) into an area unregistered since
	 * (kernel/rseq.c, sys_rseq() with RSEQ_FLAG_UNREGISTER, since v4.18)
	 */
	LOAD_LIBC __rseq_offset, %rax
	cmpl	$0, %fs:RSEQ_CPU_ID(%rax)
	js	\miss
#else
	jmp	\miss
#endif
.endm

/*
 * %r10 = the thread's buffer, or 0 while tracing is off; jump to \miss
 * when a record would claim the thread's first (the C does that)
 */
.macro THREAD_BUFFER miss
	movq	%fs:this_buffer@tpoff, %r10
	testq	%r10, %r10
	jnz	.Lbuf\@
	cmpl	$0, tracing_on(%rip)
	jne	\miss
.Lbuf\@:
.endm

/*
 * %r9 = a record's last word but its type: depth (%r9d in, 16 bits kept,
 * as the C's uint16_t field), CPU number, flags (tracing_gen_ctx_task());
 * its { TRACE_UNUSED, lap } byte pair is 0 yet.  Clobbers %rdx.
 */
.macro RECORD_WORD
	LOAD_LIBC __rseq_offset, %rdx
	movzwl	%fs:RSEQ_CPU_ID(%rdx), %edx
	movzwl	%r9w, %r9d
	shll	$16, %r9d
	shlq	$32, %rdx
	orq	%rdx, %r9
	cmpl	$0, %fs:local_irq_depth@tpoff
	je	.Lword\@
	btsq	$48, %r9		/* TRACE_FLAG_IRQS_OFF << 48 */
.Lword\@:
.endm

/*
 * One record of type \type in the thread's buffer %r10 (__trace_record()):
 * ts %rax, ip \ip, arg \arg (registers or immediates, or with \mem 1
 * memory operands, copied through %rdx), the rest %r9 (RECORD_WORD).
 * Out: %r8 its index + 1.  Clobbers %rcx, %rdx, %r11.
 */
.macro RECORD type, ip, arg, mem=0
	movl	$1, %r8d
	xaddq	%r8, RB_HEAD(%r10)	/* reserved: i */
	movq	RB_MASK(%r10), %r11
	leaq	1(%r11), %rcx
	bsfq	%rcx, %rcx		/* slots = 1 << %cl */
	andq	%r8, %r11
	shlq	$TE_SHIFT, %r11
	addq	RB_ENTRIES(%r10), %r11	/* the slot */
	movq	%r8, %rdx
	shrq	%cl, %rdx
	movzbl	%dl, %edx
	shll	$8, %edx		/* { TRACE_UNUSED, lap } */
	orq	%r9, %rdx
	/* marked unused first, in the store that carries depth, CPU, flags */
	movq	%rdx, TE_COMMIT(%r11)
	movq	%rax, TE_TS(%r11)
.if \mem
	movq	\ip, %rdx
	movq	%rdx, TE_IP(%r11)
	movq	\arg, %rdx
	movq	%rdx, TE_ARG(%r11)
.else
	movq	\ip, TE_IP(%r11)
	movq	\arg, TE_ARG(%r11)
.endif
	incq	%r8
	cmpq	%r8, RB_HEAD(%r10)
	je	.Lrec\@
	incq	RB_NESTED(%r10)		/* a handler recorded after us */
.Lrec\@:
	movb	$\type, TE_COMMIT(%r11)	/* the type last */
	incq	RB_EVENTS(%r10)
.endm

	EVENT_PATH_TEXT

	.globl	fgraph_lane_enter
	.type	fgraph_lane_enter, @function
fgraph_lane_enter:
	LANE_OPEN 9f, 1
	THREAD_BUFFER 9f
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	/*
	 * A realigning prologue's copy (ftrace.c, drap_ret_slot()): the
	 * word at -8(func's %rbp) points, aligned, at most DRAP_MAX_PAD
	 * above our slot, to a slot holding the same return address.  The
	 * C finds that frame's slot; the first test fails in the others.
	 */
	movq	-16(%rdi), %rax
	movq	%rax, %rcx
	subq	%rdi, %rcx
	subq	$16, %rcx		/* from parent + 1 to that slot, bytes */
	cmpq	$DRAP_MAX_PAD, %rcx
	jae	1f
	testb	$7, %al
	jnz	1f
	movq	-8(%rax), %rcx
	cmpq	(%rdi), %rcx
	je	9f
1:
#endif
	/* it nests in the top entry, and the one above is free */
	movslq	%fs:curr_ret_stack@tpoff, %rax
	cmpl	$RS_ENTRIES - 1, %eax
	jae	9f			/* (-1 too: no entry yet) */
	RS_OFFSET %rax, %rcx		/* top */
	movq	RS(RS_STACK, %rcx), %r11
	testq	%r11, %r11
	jz	9f			/* on a stack the kit does not know */
	movq	%r11, %r8
	andq	$~RS_ALT_STACK, %r8	/* that stack's lowest address */
	leaq	8(%rdi), %r9		/* sp: func returns just above parent */
	subq	%r8, %r9
	negq	%r8
	addq	RS(RS_SP, %rcx), %r8
	cmpq	%r8, %r9
	jae	9f			/* not below top on its stack */

	/* reserve ret_stack[idx + 1], then fill it (fgraph_reserve()) */
	addq	$RS_SIZE, %rcx
	incl	%eax
	leaq	8(%rdi), %r8
	movq	%r8, RS(RS_SP, %rcx)
	movl	%eax, %fs:curr_ret_stack@tpoff
	movq	%r8, RS(RS_SP, %rcx)	/* again: a handler may have used it */
	movq	(%rdi), %r8
	movq	%r8, RS(RS_RET, %rcx)
	movq	%rsi, RS(RS_FUNC, %rcx)
	movq	%rdx, RS(RS_FP, %rcx)
	movq	%rdi, RS(RS_RETP, %rcx)
	movq	%r11, RS(RS_STACK, %rcx)
	movl	%fs:ret_stack_live@tpoff, %r9d
	incl	%fs:ret_stack_live@tpoff
	addl	%fs:depth_base@tpoff, %r9d
	movl	%r9d, RS(RS_DEPTH, %rcx)
	rdtsc
	shlq	$32, %rdx
	orq	%rdx, %rax		/* calltime */
	movq	%rax, RS(RS_CALLTIME, %rcx)
	movl	$0, RS(RS_USERS, %rcx)	/* no user, no data yet */
	movq	%rcx, %rdi		/* the entry, from here on */

	/* the entry record (graph_record_entry()) */
	testq	%r10, %r10
	jz	3f			/* tracing_on 0, no buffer: nothing */
	cmpl	$0, tracing_on(%rip)
	je	4f
	RECORD_WORD
	RECORD	TE_GRAPH_ENT, %rsi, $0
2:	movq	%r8, %fs:last_ent@tpoff
	movq	%r10, %fs:last_ent_buffer@tpoff

	/* the tracer's frame, its alone (fgraph_frame_take()) */
3:	movl	graph_tracer_ops+GOPS_IDX(%rip), %ecx
	movl	$1, %eax
	shll	%cl, %eax
	movw	%ax, RS(RS_USERS, %rdi)
	movzbl	graph_tracer_ops+GOPS_GEN(%rip), %eax
	movb	%al, %fs:ret_stack@tpoff+RS_GEN(%rdi,%rcx)
	/* and func returns to us (prepare_ftrace_return()) */
	movq	RS(RS_RETP, %rdi), %rcx
	leaq	return_to_handler(%rip), %rax
	movq	%rax, (%rcx)
	ret
4:	xorl	%r8d, %r8d		/* last_ent: none, tracing is off */
	jmp	2b
9:	jmp	prepare_ftrace_return
	.size	fgraph_lane_enter, .-fgraph_lane_enter

/*
 * The return side is return_to_handler's own continuation (mcount.S):
 * func's "ret" landed there, which pushed the return value's two
 * registers (rdtsc writes both) and jumped here.  Every other scratch
 * register is dead at a return, so nothing else is saved, and the lane
 * ends in the jump to where func really returns.  A call it does not
 * take goes back, the stack as return_to_handler found it, to
 * return_to_handler_full, which calls the C.
 *
 *	16(%rsp)	sp when func returned: its frame's identity
 *	 8(%rsp)	%rax	(the return value, integer part)
 *	 0(%rsp)	%rdx
 *	%rbp		func's caller's, for the FP test
 */
	.globl	fgraph_lane_return
	.type	fgraph_lane_return, @function
fgraph_lane_return:
	/* the top entry returns (fgraph_top_returning()) */
	movslq	%fs:curr_ret_stack@tpoff, %rax
	testl	%eax, %eax
	js	9f			/* the C reports the underflow */
	RS_OFFSET %rax, %rdi
	leaq	16(%rsp), %rcx
	cmpq	%rcx, RS(RS_SP, %rdi)
	jne	9f			/* a deeper one was skipped: the C */
#ifdef HAVE_FUNCTION_GRAPH_FP_TEST
	cmpq	%rbp, RS(RS_FP, %rdi)
	jne	9f			/* the C reports it */
#endif
	/*
	 * Where func really returns, loaded first: the final jump is
	 * mispredicted as often as not (one jump for every return site),
	 * and a target known early lets the CPU turn round while the record
	 * is still being written.  %rsi is dead at a return.
	 */
	movq	RS(RS_RET, %rdi), %rsi
	LANE_OPEN 9f, 0
	/* taken by the tracer alone (fgraph_frame_taken_alone()) */
	movl	graph_tracer_ops+GOPS_IDX(%rip), %r8d
	xorl	%r9d, %r9d
	btsl	%r8d, %r9d
	cmpw	%r9w, RS(RS_USERS, %rdi)
	jne	9f
	movzbl	%fs:ret_stack@tpoff+RS_GEN(%rdi,%r8), %r9d
	cmpb	graph_tracer_ops+GOPS_GEN(%rip), %r9b
	jne	9f
	THREAD_BUFFER 9f
	movq	%fs:thread_overrun@tpoff, %r8
	cmpq	%fs:recorded_overrun@tpoff, %r8
	jne	9f			/* an overrun record first: the C */

	rdtsc
	shlq	$32, %rdx
	orq	%rdx, %rax		/* rettime */
	testq	%r10, %r10
	jz	5f
	cmpl	$0, tracing_on(%rip)
	je	5f
	movl	RS(RS_DEPTH, %rdi), %r9d
	/*
	 * A leaf: its entry is still the thread's last record, and takes
	 * the return time (graph_merge_leaf(), which says why it is safe)
	 */
	movq	%fs:last_ent@tpoff, %r8
	testq	%r8, %r8
	jz	3f
	cmpq	%r10, %fs:last_ent_buffer@tpoff
	jne	3f
	cmpq	%r8, RB_HEAD(%r10)
	jne	3f
	leaq	-1(%r8), %r11
	andq	RB_MASK(%r10), %r11
	shlq	$TE_SHIFT, %r11
	addq	RB_ENTRIES(%r10), %r11
	cmpb	$TE_GRAPH_ENT, TE_COMMIT(%r11)
	jne	3f
	movq	RS(RS_FUNC, %rdi), %rdx
	cmpq	%rdx, TE_IP(%r11)
	jne	3f
	movzwl	TE_DEPTH(%r11), %ecx
	cmpl	%r9d, %ecx
	jne	3f
	cmpq	$0, TE_ARG(%r11)
	jne	3f
	movq	%rax, TE_ARG(%r11)
	cmpq	%r8, RB_HEAD(%r10)
	jne	2f
	movq	$0, %fs:last_ent@tpoff
	jmp	5f
2:	movq	$0, TE_ARG(%r11)	/* a handler recorded: give it back */
3:	RECORD_WORD
	RECORD	TE_GRAPH_RET, RS(RS_FUNC, %rdi), RS(RS_CALLTIME, %rdi), 1

	/*
	 * gone: a hole, popped with the holes on top (fgraph_release(),
	 * trim_ret_stack()).  Each pop stores k - 1 for the k it tested, not
	 * a decrement: a handler that lands in between may pop that hole
	 * itself, and push and pop above it, leaving k - 1 there already.
	 */
5:	movq	$0, RS(RS_SP, %rdi)
	decl	%fs:ret_stack_live@tpoff	/* a handler leaves it as it was */
	/* the common pop: it was the top, and the one below is live */
	movslq	%fs:curr_ret_stack@tpoff, %rcx
	RS_OFFSET %rcx, %rdx
	cmpq	%rdx, %rdi
	jne	6f
	testl	%ecx, %ecx
	jz	6f
	cmpq	$0, RS(RS_SP - RS_SIZE, %rdi)
	je	6f
	decl	%ecx
	movl	%ecx, %fs:curr_ret_stack@tpoff
7:	popq	%rdx
	popq	%rax
	jmp	*%rsi
6:	movslq	%fs:curr_ret_stack@tpoff, %rcx
	testl	%ecx, %ecx
	js	7b
	RS_OFFSET %rcx, %rdx
	cmpq	$0, RS(RS_SP, %rdx)
	jne	7b
	decl	%ecx
	movl	%ecx, %fs:curr_ret_stack@tpoff
	jmp	6b
9:	popq	%rdx
	popq	%rax
	jmp	return_to_handler_full
	.size	fgraph_lane_return, .-fgraph_lane_return

	.section .note.GNU-stack, "", @progbits
