/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 mcount: chapter 1 (HAVE_FUNCTION_TRACER).
 *
 * What gcc -O2 -pg -fno-pie puts at the top of every traced function:
 *
 *	<func>:
 *	  55			push %rbp
 *	  48 89 e5		mov  %rsp,%rbp
 *	  e8 xx xx xx xx	call mcount		<- selfpc
 *	  ...			(the body; arguments still in registers)
 *
 * Stack and registers on entry to mcount:
 *
 *	0(%rsp)		return into func = selfpc + MCOUNT_INSN_SIZE
 *	8(%rsp) = 0(%rbp)  the caller's %rbp, saved by func's prologue
 *	8(%rbp)		return into func's caller = frompc
 *	%rdi %rsi %rdx %rcx %r8 %r9	integer arguments of func
 *	%xmm0-%xmm7			float arguments of func
 *	%rax				vector-register count of a varargs call
 *	%ymm0-%ymm7, %zmm0-%zmm7	256/512-bit vector arguments: the
 *					same registers, wider
 *	%r10				static chain (nested functions)
 *
 * All of those belong to func and must reach its body unchanged; the
 * tracer is ordinary C, free to use every caller-saved register, and it
 * calls the C library (the first event of a thread claims a buffer:
 * prctl, strcmp, snprintf...), whose AVX2 string routines end with
 * "vzeroupper": that clears the upper halves of ymm0-7 / zmm0-7.  Saving
 * %xmm0-7 is not enough: the slow paths save the vector registers at the
 * width the CPU has them in use (SAVE_VECTORS), and the fast path saves
 * nothing.  (The kernel can skip the vector registers: kernel C never
 * touches them.)
 */
#include <linux/ftrace.h>

/*
 * Vector state.  A full XSAVE/XRSTOR would do, but costs hundreds of ns
 * per call on some CPUs (and VMs); the registers that can carry a value
 * are known, only their width is not.  XGETBV with %ecx = 1 reads XINUSE,
 * the state components that are NOT in their initial (all zero) state:
 *   AVX (bit 2) clear: the upper halves of ymm0-15 are zero;
 *   ZMM_Hi256 (bit 6) clear: bits 256-511 of zmm0-15 are zero;
 *   x87 (bit 0) clear: the x87 stack is empty.
 * So SAVE_VECTORS stores xmm0-7, ymm0-7 or zmm0-7, whichever is the
 * narrowest that holds everything, and RESTORE_VECTORS loads them back
 * at that width, the narrower ones after zeroing what lies above them
 * ("vzeroupper", or the zeroing a VEX load does), which is exactly the
 * state they were found in.  A CPU without XGETBV 1 gets the widest its
 * OS enabled (XCR0).  MXCSR is kept too: the tracer's double arithmetic
 * sets its sticky exception flags, which the program may test.
 *
 * The save area (VEC_*), 64-byte aligned for the zmm stores:
 */
#define VEC_REGS	0	/* 8 x 64 bytes: register i at 64 * i */
#define VEC_HOW		512	/* how they were saved: VEC_HOW_* */
#define VEC_MXCSR	516
#define VEC_INUSE	520	/* the XINUSE bits seen (all: unknown) */
#define VEC_X87_N	524	/* return_to_handler: x87 registers kept */
#define VEC_X87		528	/* ... here, 16 bytes each, st(0) first */
#define VEC_AREA	576

#define VEC_HOW_SSE	0	/* no AVX: xmm0-7, legacy SSE */
#define VEC_HOW_XMM	1	/* AVX, upper halves zero: xmm0-7 */
#define VEC_HOW_YMM	2	/* ymm0-7; bits 256-511 zero (if any) */
#define VEC_HOW_ZMM	3	/* zmm0-7 */

/* vec_state: what the CPU and OS provide, from xstate_probe */
#define VS_X87		(1 << 0)	/* XCR0 bits, as in XINUSE */
#define VS_AVX		(1 << 2)
#define VS_ZMM_HI256	(1 << 6)
#define VS_XINUSE	(1 << 8)	/* XGETBV 1 works */
#define VS_PROBED	(1 << 31)

	.bss
	.align	4
vec_state:	.long	0	/* 0 until xstate_probe has run */

	.text
/*
 * Fill vec_state from CPUID and XCR0, once (a second thread doing it at
 * the same time writes the same value).  CPUID clobbers %rbx, which is
 * callee-saved, so it is kept.  Touches %eax-%edx only.
 */
	.type	xstate_probe, @function
xstate_probe:
	pushq	%rbx
	movl	$1, %eax
	cpuid
	movl	$(VS_PROBED | VS_X87), %ebx
	btl	$27, %ecx		/* OSXSAVE: XCR0 and XGETBV exist */
	jnc	1f
	xorl	%ecx, %ecx
	xgetbv				/* %eax = XCR0, what the OS enabled */
	andl	$(VS_AVX | VS_ZMM_HI256), %eax
	orl	%eax, %ebx
	movl	%ebx, %r8d		/* (CPUID clobbers %ebx) */
	movl	$0xd, %eax
	movl	$1, %ecx
	cpuid				/* %eax bit 2: XGETBV with %ecx = 1 */
	movl	%r8d, %ebx
	testl	$4, %eax
	jz	1f
	orl	$VS_XINUSE, %ebx
1:	movl	%ebx, vec_state(%rip)
	popq	%rbx
	ret
	.size	xstate_probe, .-xstate_probe

/*
 * Save xmm0-7 / ymm0-7 / zmm0-7 and MXCSR in the VEC_AREA bytes at %rsp.
 * Clobbers %rax, %rcx, %rdx, %r8, %r11 (the caller has saved what it needs
 * of them; %r11 is never live at a call or a return).
 */
.macro SAVE_VECTORS
	movl	vec_state(%rip), %r11d
	testl	%r11d, %r11d
	jnz	1f
	call	xstate_probe		/* (pushes below the area: free) */
	movl	vec_state(%rip), %r11d
1:	stmxcsr	VEC_MXCSR(%rsp)
	movl	$-1, %eax		/* in use: unknown, so everything */
	testl	$VS_XINUSE, %r11d
	jz	2f
	movl	$1, %ecx
	xgetbv				/* %eax = XINUSE */
2:	movl	%eax, VEC_INUSE(%rsp)
	andl	%r11d, %eax		/* in use and enabled */
	testl	$VS_ZMM_HI256, %eax
	jnz	5f
	testl	$VS_AVX, %eax
	jnz	4f
	movl	$VEC_HOW_SSE, %edx
	testl	$VS_AVX, %r11d
	jz	3f
	movl	$VEC_HOW_XMM, %edx
3:	movl	%edx, VEC_HOW(%rsp)
	movaps	%xmm0, VEC_REGS + 0 * 64(%rsp)
	movaps	%xmm1, VEC_REGS + 1 * 64(%rsp)
	movaps	%xmm2, VEC_REGS + 2 * 64(%rsp)
	movaps	%xmm3, VEC_REGS + 3 * 64(%rsp)
	movaps	%xmm4, VEC_REGS + 4 * 64(%rsp)
	movaps	%xmm5, VEC_REGS + 5 * 64(%rsp)
	movaps	%xmm6, VEC_REGS + 6 * 64(%rsp)
	movaps	%xmm7, VEC_REGS + 7 * 64(%rsp)
	jmp	6f
4:	movl	$VEC_HOW_YMM, VEC_HOW(%rsp)
	vmovaps	%ymm0, VEC_REGS + 0 * 64(%rsp)
	vmovaps	%ymm1, VEC_REGS + 1 * 64(%rsp)
	vmovaps	%ymm2, VEC_REGS + 2 * 64(%rsp)
	vmovaps	%ymm3, VEC_REGS + 3 * 64(%rsp)
	vmovaps	%ymm4, VEC_REGS + 4 * 64(%rsp)
	vmovaps	%ymm5, VEC_REGS + 5 * 64(%rsp)
	vmovaps	%ymm6, VEC_REGS + 6 * 64(%rsp)
	vmovaps	%ymm7, VEC_REGS + 7 * 64(%rsp)
	jmp	6f
5:	movl	$VEC_HOW_ZMM, VEC_HOW(%rsp)
	vmovaps	%zmm0, VEC_REGS + 0 * 64(%rsp)
	vmovaps	%zmm1, VEC_REGS + 1 * 64(%rsp)
	vmovaps	%zmm2, VEC_REGS + 2 * 64(%rsp)
	vmovaps	%zmm3, VEC_REGS + 3 * 64(%rsp)
	vmovaps	%zmm4, VEC_REGS + 4 * 64(%rsp)
	vmovaps	%zmm5, VEC_REGS + 5 * 64(%rsp)
	vmovaps	%zmm6, VEC_REGS + 6 * 64(%rsp)
	vmovaps	%zmm7, VEC_REGS + 7 * 64(%rsp)
6:
.endm

/* Undo SAVE_VECTORS, %rsp at the area again.  Clobbers %eax. */
.macro RESTORE_VECTORS
	/* ldmxcsr is slow: only when the C code changed a flag */
	stmxcsr	VEC_MXCSR + 4(%rsp)	/* (VEC_INUSE, no longer needed) */
	movl	VEC_MXCSR + 4(%rsp), %eax
	cmpl	VEC_MXCSR(%rsp), %eax
	je	1f
	ldmxcsr	VEC_MXCSR(%rsp)
1:	movl	VEC_HOW(%rsp), %eax
	cmpl	$VEC_HOW_YMM, %eax
	je	4f
	ja	5f
	cmpl	$VEC_HOW_SSE, %eax
	je	3f
	vzeroupper			/* the upper halves were zero */
3:	movaps	VEC_REGS + 0 * 64(%rsp), %xmm0
	movaps	VEC_REGS + 1 * 64(%rsp), %xmm1
	movaps	VEC_REGS + 2 * 64(%rsp), %xmm2
	movaps	VEC_REGS + 3 * 64(%rsp), %xmm3
	movaps	VEC_REGS + 4 * 64(%rsp), %xmm4
	movaps	VEC_REGS + 5 * 64(%rsp), %xmm5
	movaps	VEC_REGS + 6 * 64(%rsp), %xmm6
	movaps	VEC_REGS + 7 * 64(%rsp), %xmm7
	jmp	6f
	/* a VEX.256 load zeroes bits 256-511: they were zero */
4:	vmovaps	VEC_REGS + 0 * 64(%rsp), %ymm0
	vmovaps	VEC_REGS + 1 * 64(%rsp), %ymm1
	vmovaps	VEC_REGS + 2 * 64(%rsp), %ymm2
	vmovaps	VEC_REGS + 3 * 64(%rsp), %ymm3
	vmovaps	VEC_REGS + 4 * 64(%rsp), %ymm4
	vmovaps	VEC_REGS + 5 * 64(%rsp), %ymm5
	vmovaps	VEC_REGS + 6 * 64(%rsp), %ymm6
	vmovaps	VEC_REGS + 7 * 64(%rsp), %ymm7
	jmp	6f
5:	vmovaps	VEC_REGS + 0 * 64(%rsp), %zmm0
	vmovaps	VEC_REGS + 1 * 64(%rsp), %zmm1
	vmovaps	VEC_REGS + 2 * 64(%rsp), %zmm2
	vmovaps	VEC_REGS + 3 * 64(%rsp), %zmm3
	vmovaps	VEC_REGS + 4 * 64(%rsp), %zmm4
	vmovaps	VEC_REGS + 5 * 64(%rsp), %zmm5
	vmovaps	VEC_REGS + 6 * 64(%rsp), %zmm6
	vmovaps	VEC_REGS + 7 * 64(%rsp), %zmm7
6:
.endm

/*
 * return_to_handler only: a long double result is in st(0) (a complex
 * one in st(0) and st(1)), but the ABI wants the x87 stack empty at a
 * call, and C code that uses x87 would push over it.  Pop what is there
 * into the area; when XINUSE says the x87 state is initial, the stack is
 * empty and "fxam" (slow on some CPUs) is not even needed.
 * Clobbers %eax.
 */
.macro SAVE_X87
	movl	$0, VEC_X87_N(%rsp)
	testl	$VS_X87, VEC_INUSE(%rsp)
	jz	2f
	fxam				/* C3,C2,C0 = 1,0,1: st(0) is empty */
	fnstsw	%ax
	andl	$0x4500, %eax
	cmpl	$0x4100, %eax
	je	2f
	fstpt	VEC_X87(%rsp)
	movl	$1, VEC_X87_N(%rsp)
	fxam
	fnstsw	%ax
	andl	$0x4500, %eax
	cmpl	$0x4100, %eax
	je	2f
	fstpt	VEC_X87 + 16(%rsp)
	movl	$2, VEC_X87_N(%rsp)
2:
.endm

.macro RESTORE_X87
	movl	VEC_X87_N(%rsp), %eax
	testl	%eax, %eax
	jz	2f
	cmpl	$1, %eax
	je	1f
	fldt	VEC_X87 + 16(%rsp)
1:	fldt	VEC_X87(%rsp)
2:
.endm

/*
 * Build a frame (so the %rbp chain stays walkable, chapter 0) and save the
 * traced function's argument registers in it: the integer ones at fixed
 * places below %rbp, the vector ones below them, in a 64-byte aligned
 * area (which also aligns the stack for the C call: gcc does not align it
 * for the mcount call, at -O0 the function's "sub $N, %rsp" comes first).
 * "leave" undoes it all.
 */
.macro SAVE_ARGS
	pushq	%rbp
	movq	%rsp, %rbp
	subq	$64, %rsp
	movq	%rax, -8(%rbp)
	movq	%rdi, -16(%rbp)
	movq	%rsi, -24(%rbp)
	movq	%rdx, -32(%rbp)
	movq	%rcx, -40(%rbp)
	movq	%r8, -48(%rbp)
	movq	%r9, -56(%rbp)
	movq	%r10, -64(%rbp)
	andq	$-64, %rsp
	subq	$VEC_AREA, %rsp
	SAVE_VECTORS
.endm

.macro RESTORE_ARGS
	RESTORE_VECTORS
	movq	-64(%rbp), %r10
	movq	-56(%rbp), %r9
	movq	-48(%rbp), %r8
	movq	-40(%rbp), %rcx
	movq	-32(%rbp), %rdx
	movq	-24(%rbp), %rsi
	movq	-16(%rbp), %rdi
	movq	-8(%rbp), %rax
	leave
.endm

	.text

/*
 * ftrace_stub: the "no tracer" value of ftrace_trace_function.  mcount only
 * compares against it; it is still a real function so the pointer is always
 * safe to call.
 */
	.globl	ftrace_stub
	.type	ftrace_stub, @function
ftrace_stub:
	ret
	.size	ftrace_stub, .-ftrace_stub

	.globl	mcount
	.type	mcount, @function
mcount:
	/*
	 * The fast path: compares only, no register touched.  It stays a
	 * straight line to "ret" so that with no tracer a call costs a few
	 * loads, compares and not-taken branches.
	 */
	cmpq	$ftrace_stub, ftrace_trace_function(%rip)
	jne	trace
.Lcheck_graph:
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	cmpq	$ftrace_stub, ftrace_graph_return(%rip)
	jne	ftrace_graph_caller
	cmpq	$ftrace_graph_entry_stub, ftrace_graph_entry(%rip)
	jne	ftrace_graph_caller
#endif
	ret

trace:
	SAVE_ARGS
	movq	0(%rbp), %rdi		/* func's frame pointer */
	movq	8(%rdi), %rdi		/* arg 1: frompc */
	movq	8(%rbp), %rsi
	subq	$MCOUNT_INSN_SIZE, %rsi	/* arg 2: selfpc */
	call	*ftrace_trace_function(%rip)
	RESTORE_ARGS
	/* both tracers may be on: the graph one gets its turn too */
	jmp	.Lcheck_graph
	.size	mcount, .-mcount

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Chapter 2.  ftrace_graph_caller is reached from mcount with the stack as
 * on entry to mcount.  func's return slot is 8(func's %rbp); the frame
 * pointer for the FP test is the caller's %rbp, which func's prologue saved
 * at 0(func's %rbp) and its epilogue will put back in %rbp.
 */
	.globl	ftrace_graph_caller
	.type	ftrace_graph_caller, @function
ftrace_graph_caller:
	SAVE_ARGS
	movq	0(%rbp), %rdx		/* func's frame pointer */
	leaq	8(%rdx), %rdi		/* arg 1: parent, func's return slot */
	movq	8(%rbp), %rsi
	subq	$MCOUNT_INSN_SIZE, %rsi	/* arg 2: selfpc */
	movq	0(%rdx), %rdx		/* arg 3: caller's %rbp */
	call	prepare_ftrace_return
	RESTORE_ARGS
	ret
	.size	ftrace_graph_caller, .-ftrace_graph_caller

/*
 * return_to_handler: func's "ret" lands here instead of in its caller.
 * Live now: the return value in %rax/%rdx (integers, up to 128 bits),
 * %xmm0/%xmm1 (float, double, small structs), %ymm0 / %zmm0 (vectors),
 * st(0)/st(1) (long double, complex long double), and the caller's %rbp.
 * %r10 and %r11 are dead (caller-saved, never return registers): scratch.
 * %rbx is callee-saved: kept here, it points at this save area across the
 * C call, which the vector area's alignment has moved %rsp away from.
 */
	.globl	return_to_handler
	.type	return_to_handler, @function
return_to_handler:
	subq	$24, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rbx, 16(%rsp)
	movq	%rsp, %rbx
	andq	$-64, %rsp
	subq	$VEC_AREA, %rsp
	SAVE_VECTORS
	SAVE_X87
	/* arg 1: frame pointer for the FP test */
	movq	%rbp, %rdi
	call	ftrace_return_to_handler
	movq	%rax, %r10		/* the real return address */
	RESTORE_X87
	RESTORE_VECTORS
	movq	%rbx, %rsp
	movq	16(%rsp), %rbx
	movq	8(%rsp), %rdx
	movq	0(%rsp), %rax
	addq	$24, %rsp
	jmp	*%r10
	.size	return_to_handler, .-return_to_handler
#endif

	.section .note.GNU-stack, "", @progbits
