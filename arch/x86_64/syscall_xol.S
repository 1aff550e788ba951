/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 system calls with one trap (docs/07-syscalls.md, 7.5): the way
 * back from an out-of-line slot without a second trap.
 *
 * A patched site is "ud2" (0f 0b); its trap's handler resumes the thread
 * at its slot (asm/syscall.h, arch_syscall_xol_fill()), at one of two
 * copies of the instruction:
 *
 *	slot+0:   0f 05			syscall		\ the two-trap way:
 *	slot+2:   0f 0b			ud2		/ trap 2 returns
 *	slot+4:   0f 05			syscall		<- SYSCALL_XOL_RETURN
 *	slot+6:   48 8d 64 24 80	lea -0x80(%rsp),%rsp
 *	slot+11:  49 bb <imm64>		movabs $syscall_xol_return,%r11
 *	slot+21:  41 ff d3		call *%r11
 *
 * The lea steps over the red zone: the function that made the call may
 * keep data in the 128 bytes below its %rsp, which no signal frame and
 * no push of ours may touch.  %r11 is free: "syscall" has just written
 * the flags into it, and we write them there again on the way out.
 *
 * Stack on entry to syscall_xol_return:
 *
 *	0(%rsp)		slot+24, the return address of the call: which slot
 *	8(%rsp)		128 bytes of the caller's red zone, untouched
 *	136(%rsp)	the %rsp the system call was made with
 *
 * Registers: %rax the result; %rdi %rsi %rdx %r10 %r8 %r9 the arguments
 * as the kernel left them (it keeps them); %rcx and %r11 what "syscall"
 * writes (its return address and the flags); every other register the
 * program's, vector ones included.  All of that must reach the code after
 * the site as an untraced call leaves it: %rcx the address after the
 * site, %r11 the flags, the rest unchanged.  The C part
 * (syscall_xol_exit(), stage3-dynamic/syscall_trap.c) may use vector
 * registers: it is reached through kernel_fpu_call().
 *
 *	slot+24:  <site + 2>, 8 bytes	the return address points here
 *
 * A thread cancelled while it runs here (the C library enables
 * asynchronous cancellation around a blocking call, and this is still
 * inside it) is unwound from here: the CFI below says that the caller is
 * the C library's function just after the site, with the %rsp it made
 * the call with (docs/07-syscalls.md, "Unwinding through a slot").  Its
 * return address is that word of the slot: DW_CFA_val_expression
 * DW_OP_call_frame_cfa, 136, DW_OP_minus, DW_OP_deref (the return
 * address, slot+24), DW_OP_deref.
 */
	.text
	.globl	syscall_xol_return
	.type	syscall_xol_return, @function
syscall_xol_return:
	.cfi_startproc
	.cfi_signal_frame
	.cfi_def_cfa %rsp, 136		/* the return address, the red zone */
	.cfi_escape 0x16, 16, 6, 0x9c, 0x08, 136, 0x1c, 0x06, 0x06
	pushfq
	.cfi_adjust_cfa_offset 8
	cld				/* C expects it clear; popfq gives it back */
	/* struct syscall_xol_frame (asm/syscall.h), from its last field */
	.irp	r, rax, rdi, rsi, rdx, r10, r8, r9, rbx
	pushq	%\r
	.cfi_adjust_cfa_offset 8
	.endr
	.cfi_offset %rbx, -208
	movq	%rsp, %rbx		/* the frame; callee-saved */
	.cfi_def_cfa_register %rbx
	andq	$-16, %rsp		/* the call may come with any %rsp */
	leaq	syscall_xol_exit(%rip), %rdi
	movq	%rbx, %rsi
	call	kernel_fpu_call
	movq	%rbx, %rsp
	.cfi_def_cfa_register %rsp
	popq	%rbx
	.cfi_adjust_cfa_offset -8
	.cfi_same_value %rbx
	.irp	r, r9, r8, r10, rdx, rsi, rdi, rax
	popq	%\r
	.cfi_adjust_cfa_offset -8
	.endr
	movq	(%rsp), %r11		/* the flags, as "syscall" leaves them */
	popfq
	.cfi_adjust_cfa_offset -8
	movq	(%rsp), %rcx		/* slot+24 */
	movq	(%rcx), %rcx		/* the address after the site */
	leaq	136(%rsp), %rsp		/* lea: the flags stay as they are */
	.cfi_def_cfa_offset 0
	.cfi_register 16, %rcx
	jmp	*%rcx
	.cfi_endproc
	.size	syscall_xol_return, .-syscall_xol_return

	.section .note.GNU-stack, "", @progbits
