/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_64_VECTOR_SAVE_H
#define _ASM_X86_64_VECTOR_SAVE_H
/*
 * Assembler macros for arch/x86_64/mcount.S: keep the traced function's
 * vector (and, at its return, x87) registers across the tracer's C code.
 * ftrace_vec_probe and ftrace_vec_state are in arch/x86_64/vector_save.S.
 */
#ifdef __ASSEMBLY__

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
 * OS enabled (XCR0).  MXCSR is kept too: double arithmetic in the tracer
 * (the trace clock's conversion has some) sets its sticky exception
 * flags, which the program may test.
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

/* ftrace_vec_state: what the CPU and OS provide, from ftrace_vec_probe */
#define VS_X87		(1 << 0)	/* XCR0 bits, as in XINUSE */
#define VS_AVX		(1 << 2)
#define VS_ZMM_HI256	(1 << 6)
#define VS_XINUSE	(1 << 8)	/* XGETBV 1 works */
#define VS_PROBED	(1 << 31)

/*
 * Move vector registers 0 to nr-1 between the registers and the area, with
 * insn at width r (xmm, ymm, zmm).  nr is 8 where a function's arguments
 * are live, 2 at its return (xmm0/xmm1, or ymm0/zmm0: the only vector
 * return registers).
 */
.macro VEC_MOVE insn, r, dir, nr
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	.if \i < \nr
	.ifc \dir, store
	\insn	%\r\i, VEC_REGS + \i * 64(%rsp)
	.else
	\insn	VEC_REGS + \i * 64(%rsp), %\r\i
	.endif
	.endif
	.endr
.endm

/*
 * Save vector registers 0 to nr-1 (xmm, ymm or zmm) and MXCSR in the
 * VEC_AREA bytes at %rsp.
 * Clobbers %rax, %rcx, %rdx, %r8, %r11 (the caller has saved what it needs
 * of them; %r11 is never live at a call or a return).
 */
.macro SAVE_VECTORS nr=8
	movl	ftrace_vec_state(%rip), %r11d
	testl	%r11d, %r11d
	jnz	1f
	call	ftrace_vec_probe	/* pushes below the area: free */
	movl	ftrace_vec_state(%rip), %r11d
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
	VEC_MOVE movaps, xmm, store, \nr
	jmp	6f
4:	movl	$VEC_HOW_YMM, VEC_HOW(%rsp)
	VEC_MOVE vmovaps, ymm, store, \nr
	jmp	6f
5:	movl	$VEC_HOW_ZMM, VEC_HOW(%rsp)
	VEC_MOVE vmovaps, zmm, store, \nr
6:
.endm

/* Undo SAVE_VECTORS (the same nr), %rsp at the area again.  Clobbers %eax. */
.macro RESTORE_VECTORS nr=8
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
3:	VEC_MOVE movaps, xmm, load, \nr
	jmp	6f
	/* a VEX.256 load zeroes bits 256-511: they were zero */
4:	VEC_MOVE vmovaps, ymm, load, \nr
	jmp	6f
5:	VEC_MOVE vmovaps, zmm, load, \nr
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

#endif /* __ASSEMBLY__ */
#endif
