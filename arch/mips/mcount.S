/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS o32 _mcount: chapter 1 (HAVE_FUNCTION_TRACER); the parts under
 * CONFIG_FUNCTION_GRAPH_TRACER are chapter 2.
 *
 * What gcc -O2 -pg -mabicalls -fno-pic -mplt -fno-omit-frame-pointer
 * -mmcount-ra-address puts at the top of a traced function (objdump -d of
 * the demo as the kit builds it):
 *
 *	<run_direct>:
 *	  27bdffe0	addiu	sp,sp,-32	the function's own frame
 *	  afbe0018	sw	s8,24(sp)
 *	  03a0f025	move	s8,sp
 *	  afbf001c	sw	ra,28(sp)	non-leaf saves ra BEFORE _mcount
 *	  03e00825	move	at,ra		keep the return address in at
 *	  27ac001c	addiu	t4,sp,28	where ra was saved (chapter 2)
 *	  0c103b62	jal	_mcount		<- selfpc  (R_MIPS_26)
 *	  27bdfff8	 addiu	sp,sp,-8	delay slot: 2 words for _mcount
 *	  ...		(the body)
 *
 *	<leaf_add>:			a leaf never saves ra:
 *	  27bdfff0	addiu	sp,sp,-16
 *	  afbe000c	sw	s8,12(sp)
 *	  03a0f025	move	s8,sp
 *	  03e00825	move	at,ra
 *	  00006025	move	t4,zero		"ra is only in at"
 *	  0c103b62	jal	_mcount
 *	  27bdfff8	 addiu	sp,sp,-8
 *
 * A shared library's function calls through its GOT instead, the -8
 * first (asm/ftrace.h):
 *
 *	  27bdfff8	addiu	sp,sp,-8
 *	  8f99803c	lw	t9,%call16(_mcount)(gp)
 *	  0320f809	jalr	t9		<- selfpc
 *	  00000000	 nop
 *
 * Registers and stack on entry to _mcount, either way:
 *
 *	ra	selfpc + 8: return into the traced function, past the delay slot
 *	at	frompc: where the traced function returns to, in its caller
 *	sp	the traced function's sp - 8; _mcount must give the 8 back
 *	t4	the address of the saved ra, or 0 (only the graph path reads it)
 *	a0-a3	integer arguments of the traced function
 *	$f12, $f14	float/double arguments (o32 hard float, FPXX)
 *	v0	the static chain of a nested function: gcc moves it out of t7
 *		around the call and back afterwards, so v0 must survive too
 *	gp	a library function's own: it reloads gp after the call, but
 *		the C library's code we call may change it, so it is kept
 *
 * On return the traced function expects sp back where it was, ra holding
 * its own return address again (the value in at), and its argument
 * registers unchanged.  The tracer is C code, free to clobber every
 * caller-saved integer register (a0-a3, v0/v1, t0-t9, at), so _mcount
 * saves what the function still needs around the call.  t0/t1 are free
 * on entry: gcc keeps nothing in them across the site.  $f12/$f14 need no
 * saving: the tracer's C code is the event path (linux/event_path.h),
 * which never touches a floating-point register; a slow path that calls
 * the C library goes through kernel_fpu_call() (fpu.S), which keeps them.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

/*
 * Save and restore everything the traced function still needs, in the
 * frame laid out by asm/ftrace.h (MCOUNT_*):
 *   0..15  argument home area of the C function we call (o32 rule)
 *   16..   the registers, at their MCOUNT_* offsets
 * The unwinder (stacktrace.c) reads ra and at back by the same names.
 * t4 ($12) is only an input of the graph path (-mmcount-ra-address).
 */
	.macro	mcount_save_regs
	addiu	$sp, $sp, -MCOUNT_FRAME_SIZE
	sw	$ra, MCOUNT_RA($sp)
	sw	$at, MCOUNT_AT($sp)
	sw	$a0, MCOUNT_A0($sp)
	sw	$a1, MCOUNT_A1($sp)
	sw	$a2, MCOUNT_A2($sp)
	sw	$a3, MCOUNT_A3($sp)
	sw	$v0, MCOUNT_V0($sp)
	sw	$v1, MCOUNT_V1($sp)
	/* the C library's PIC code may change it */
	sw	$gp, MCOUNT_GP($sp)
	sw	$t4, MCOUNT_T4($sp)
	.endm

	.macro	mcount_restore_regs
	lw	$t4, MCOUNT_T4($sp)
	lw	$gp, MCOUNT_GP($sp)
	lw	$v1, MCOUNT_V1($sp)
	lw	$v0, MCOUNT_V0($sp)
	lw	$a3, MCOUNT_A3($sp)
	lw	$a2, MCOUNT_A2($sp)
	lw	$a1, MCOUNT_A1($sp)
	lw	$a0, MCOUNT_A0($sp)
	lw	$at, MCOUNT_AT($sp)
	lw	$ra, MCOUNT_RA($sp)
	addiu	$sp, $sp, MCOUNT_FRAME_SIZE
	.endm

/*
 * The runtime's own symbols, as the code below reaches them.  Built as
 * position-independent code (__PIC__: a PIE's runtime, CONFIG_PIE), it has
 * no link-time address to put in an instruction: an address comes from
 * this object's GOT, whose pointer pic_gp works out from the pc (gp itself
 * is the caller's, which may be a shared library's), and a C function is
 * called through t9, from which it computes its own gp (the o32 rule).
 * Otherwise these are the kernel's lui/%lo pairs and a jal.  Each
 * call_c is followed by its delay slot.
 */
#ifdef __PIC__
	/*
	 * reg = the GOT pointer: _gp_disp is gp minus the address of the
	 * lui that names it, which the bal left in ra.  t8 is free: the
	 * site's call, as any call, may change every temporary.
	 */
	.macro	pic_gp reg
	move	$t8, $ra
	bal	.Lpic_gp\@
	 nop
.Lpic_gp\@:
	lui	\reg, %hi(_gp_disp)
	addiu	\reg, \reg, %lo(_gp_disp)
	addu	\reg, \reg, $ra
	move	$ra, $t8
	.endm
	.macro	load_addr reg, sym, gpreg
	lw	\reg, %got(\sym)(\gpreg)
	.endm
	.macro	load_word reg, sym, gpreg
	lw	\reg, %got(\sym)(\gpreg)
	lw	\reg, 0(\reg)
	.endm
	.macro	call_c sym, gpreg
	lw	$t9, %call16(\sym)(\gpreg)
	jalr	$t9
	.endm
#else
	.macro	pic_gp reg
	.endm
	.macro	load_addr reg, sym, gpreg
	lui	\reg, %hi(\sym)
	addiu	\reg, \reg, %lo(\sym)
	.endm
	.macro	load_word reg, sym, gpreg
	lui	\reg, %hi(\sym)
	lw	\reg, %lo(\sym)(\reg)
	.endm
	.macro	call_c sym, gpreg
	jal	\sym
	.endm
#endif

	EVENT_PATH_TEXT
	.set	noreorder		/* every delay slot below is explicit */
	/* we read at; the assembler must not use it */
	.set	noat

#ifndef CONFIG_DYNAMIC_FTRACE
/*
 * ftrace_stub: the "no tracer" value of ftrace_trace_function.  _mcount
 * only compares against it, but it is a real function so the pointer is
 * always safe to call.
 */
	.globl	ftrace_stub
	.type	ftrace_stub, @function
	.ent	ftrace_stub
ftrace_stub:
	jr	$ra
	 nop
	.end	ftrace_stub
	.size	ftrace_stub, .-ftrace_stub

	.globl	_mcount
	.type	_mcount, @function
	.ent	_mcount
_mcount:
	/*
	 * The fast path: two loads, a compare, and the return.  The branch
	 * delay slot gives the caller's 8 bytes back on both paths.
	 */
	pic_gp	$t2
	load_word $t0, ftrace_trace_function, $t2
	load_addr $t1, ftrace_stub, $t2
	bne	$t0, $t1, ftrace_call_tracer
	 addiu	$sp, $sp, 8		/* pop the two words of the call site */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
ftrace_graph_check:
	/* t1 = ftrace_stub here, on both ways in (and t2 the GOT pointer) */
	load_word $t3, ftrace_graph_return, $t2
	load_word $t0, ftrace_graph_entry, $t2
	bne	$t3, $t1, ftrace_graph_caller
	 nop
	load_addr $t3, ftrace_graph_entry_stub, $t2
	bne	$t0, $t3, ftrace_graph_caller
	 nop
#endif
	jr	$ra			/* back into the traced function ... */
	 move	$ra, $at		/* ... with its own ra (jr has read ra) */

ftrace_call_tracer:
	/* sp is the traced function's sp again */
	mcount_save_regs
	addiu	$a0, $ra, -MCOUNT_INSN_SIZE	/* arg 1: ip, the jal */
	move	$a1, $at		/* arg 2: parent_ip */
	load_word $a2, function_trace_op, $t2	/* arg 3: op */
	/* callee address in t9, as PIC code wants */
	move	$t9, $t0
	/* ftrace_trace_function(ip, parent_ip, op, fregs) */
	jalr	$t9
	 addiu	$a3, $sp, MCOUNT_A0	/* arg 4: fregs, the saved a0-a3 */
	mcount_restore_regs
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/* the C code clobbered t1 and t2 */
	pic_gp	$t2
	load_addr $t1, ftrace_stub, $t2
	b	ftrace_graph_check
	 nop
#else
	jr	$ra			/* into the traced function, as above */
	 move	$ra, $at
#endif
#else /* CONFIG_DYNAMIC_FTRACE */
/*
 * Chapter 4: _mcount IS ftrace_caller, with two ways in, as in today's
 * kernel.  Until ftrace_dyn_arch_init() replaces its first instruction
 * with a nop, _mcount is the stub every call made before the sites are
 * converted goes through (constructors that run before ours): it gives
 * the site's 8 bytes back and returns.  After that:
 *
 *	jal site, enabled	"jal ftrace_caller+8" (FTRACE_CALLER_SKIP)
 *				with a nop in its delay slot: the start-up
 *				conversion made its -8 a nop, so it enters
 *				with sp as the function has it
 *	got site, enabled	"jalr t9" (or "bal _mcount") to _mcount+0,
 *				its -8 done before: the stub's delay slot
 *				gives the 8 bytes back
 *	-mlong-calls site	"jalr r" to _mcount+0 with its -8 (delay slot
 *				or just before): the same
 *	a site recordmcount	"jal _mcount; addiu sp,sp,-8": the same as a
 *	never saw		long call
 *
 * Either way, past the stub's two words sp is the traced function's own,
 * ra = selfpc + 8 (past the call's delay slot), at = parent_ip, t4 as
 * -mmcount-ra-address set it, a0-a3, $f12, $f14 and v0 as at _mcount's
 * entry at stage 1 (the comment at the top of this file).  A thread that
 * fetched a site's call just before the site was disabled still gets
 * here, and then finds a nop at ra - 8: the ip computation below copes.
 *
 * ftrace_stub is the "no tracer" function, called as one at ftrace_call.
 * Reached by _mcount's jump it returns into the traced function with the
 * function's own ra; called from C, the extra "move ra,at" is harmless
 * (ra is dead once jr has read it, and at is a temporary).
 */
	.globl	ftrace_stub
	.type	ftrace_stub, @function
	.ent	ftrace_stub
ftrace_stub:
	jr	$ra
	 move	$ra, $at
	.end	ftrace_stub
	.size	ftrace_stub, .-ftrace_stub

#ifndef CONFIG_FTRACE_MCOUNT_RECORD
/*
 * The ftraced design (chapter 4's history): no table of sites, so _mcount's
 * first instruction stays "j ftrace_record_caller" and every site not
 * converted yet comes here to be recorded (ftrace_mcount_function,
 * linux/ftrace.h).  Entered with sp, ra and at as ftrace_stub is.  Only jal
 * sites are recorded: a -mlong-calls site's ip is not ra - 8, the daemon
 * finds no call there and leaves it alone.
 */
	.type	ftrace_record_caller, @function
	.ent	ftrace_record_caller
ftrace_record_caller:
	mcount_save_regs
	addiu	$a0, $ra, -MCOUNT_INSN_SIZE	/* arg 1: ip, the jal */
	move	$a1, $at		/* arg 2: parent_ip */
	move	$a2, $zero		/* arg 3: no ftrace_ops */
	pic_gp	$t2
	load_word $t9, ftrace_mcount_function, $t2
	jalr	$t9
	 addiu	$a3, $sp, MCOUNT_A0	/* arg 4: fregs */
	mcount_restore_regs
	jr	$ra			/* into the traced function */
	 move	$ra, $at
	.end	ftrace_record_caller
	.size	ftrace_record_caller, .-ftrace_record_caller
#define MCOUNT_STUB	ftrace_record_caller
#else
#define MCOUNT_STUB	ftrace_stub
#endif

	.globl	_mcount
	.type	_mcount, @function
	.globl	ftrace_caller
	.type	ftrace_caller, @function
	.ent	_mcount
_mcount:
ftrace_caller:
#ifdef __PIC__
	/* a branch: a jump's target is absolute, known at link time only */
	b	MCOUNT_STUB		/* a nop after ftrace_dyn_arch_init() */
#else
	j	MCOUNT_STUB		/* a nop after ftrace_dyn_arch_init() */
#endif
	 addiu	$sp, $sp, 8		/* both ways: the site's two words */
.Lftrace_caller_skip:
	/* enabled jal sites come in here (asm/ftrace.h) */
	.if	.Lftrace_caller_skip - ftrace_caller - FTRACE_CALLER_SKIP
	.error	"FTRACE_CALLER_SKIP is not the size of the stub"
	.endif
	mcount_save_regs
	/*
	 * (PIC) our GOT pointer, in gp from here on: the runtime's C code
	 * is one object (runtime.o) with one GOT, and computes the same gp
	 * when we call it.  The traced function's is in the MCOUNT_GP slot.
	 */
	pic_gp	$gp
	/*
	 * arg 1: ip, which must be rec->ip (filters look records up by it):
	 * the jal (of ftrace_caller+8, or of _mcount for a site without a
	 * record), ra - 8.  Any other call is found out in C: a got site's
	 * call is ra - 8 too, a -mlong-calls site starts at its lui or lw a
	 * few words earlier (arch/mips/ftrace.c).
	 */
	lw	$t0, -MCOUNT_INSN_SIZE($ra)
	srl	$t0, $t0, 26		/* the opcode */
	addiu	$t0, $t0, -MIPS_OP_JAL
	beqz	$t0, 1f
	 addiu	$a0, $ra, -MCOUNT_INSN_SIZE
	move	$a0, $ra
	call_c	ftrace_long_call_ip, $gp	/* C: clobbers the temporaries */
	 nop
	move	$a0, $v0
1:	lw	$a1, MCOUNT_AT($sp)	/* arg 2: parent_ip */
	load_word $a2, function_trace_op, $gp	/* arg 3: op */
	addiu	$a3, $sp, MCOUNT_A0	/* arg 4: fregs, the saved a0-a3 */
#ifndef __PIC__
	/*
	 * The tracer is called directly: ftrace_update_ftrace_func()
	 * rewrites this jal (one aligned word) to "jal <tracer>".
	 */
	.globl	ftrace_call
ftrace_call:
	jal	ftrace_stub
	 nop
#else
	/*
	 * (PIC) The same word, read rather than run: a C function built as
	 * position-independent code wants its own address in t9, which a
	 * jal does not set.  ftrace_call holds "jal <tracer>", or a nop
	 * while the tracer is ftrace_stub (arch/mips/ftrace.c); one load
	 * reads it, so a switch made meanwhile gives the old call or the
	 * new one, whole.  The jal's target is in ftrace_call's own 256 MB
	 * region.
	 */
	load_addr $t0, ftrace_call, $gp
	lw	$t9, 0($t0)
	beqz	$t9, .Lftrace_call_done		/* ftrace_stub: nothing to do */
	 srl	$t0, $t0, 28
	sll	$t0, $t0, 28			/* the region */
	sll	$t9, $t9, 6
	srl	$t9, $t9, 4			/* the jal's word index, * 4 */
	or	$t9, $t9, $t0
	jalr	$t9
	 nop
	b	.Lftrace_call_done
	 nop
	.globl	ftrace_call
ftrace_call:
	nop				/* read above, never run */
.Lftrace_call_done:
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/*
	 * Chapter 5: the second patch site.  A nop while the graph tracer
	 * is off, "j ftrace_graph_caller" while it is on: one aligned word
	 * (ftrace_enable_ftrace_graph_caller()).  Its delay slot is the nop
	 * after it, harmless both ways.  It comes before the restore, so
	 * ftrace_graph_caller finds this frame as it is: nothing is saved
	 * twice, and no pointer is tested on any path.
	 */
	.globl	ftrace_graph_call
ftrace_graph_call:
	nop
	 nop
#endif
	mcount_restore_regs
	jr	$ra			/* into the traced function ... */
	 move	$ra, $at		/* ... with its own ra */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Chapter 5: reached by the jump at ftrace_graph_call, inside
 * ftrace_caller's frame.  The stage 2 version is entered with the
 * registers of the call site and saves them itself; this one finds them
 * saved already, and $ra is no longer the return into the traced
 * function (the jal at ftrace_call overwrote it): that is read from the
 * MCOUNT_RA slot.  parent (our copy of at) and the traced function's sp
 * are where they were at stage 2, so prepare_ftrace_return() is the same
 * (t4, -mmcount-ra-address, is in the MCOUNT_T4 slot as before).  selfpc
 * is rec->ip, as ftrace_caller passes it (filters look it up): for a
 * -mlong-calls site the first word of the sequence, not the jalr
 * (prepare_ftrace_return() finds the whole site from either).
 */
	.globl	ftrace_graph_caller
ftrace_graph_caller:
	/* (PIC) the tracer may be the program's, with a GOT of its own */
	pic_gp	$gp
	lw	$a0, MCOUNT_RA($sp)	/* selfpc + 8 */
	lw	$t0, -MCOUNT_INSN_SIZE($a0)
	srl	$t0, $t0, 26		/* the opcode */
	addiu	$t0, $t0, -MIPS_OP_JAL
	beqz	$t0, 1f
	 addiu	$a1, $a0, -MCOUNT_INSN_SIZE	/* arg 2: selfpc, the jal */
	call_c	ftrace_long_call_ip, $gp	/* arg 2: rec->ip */
	 nop
	move	$a1, $v0
1:	addiu	$a0, $sp, MCOUNT_AT	/* arg 1: parent, our copy of ra */
	call_c	prepare_ftrace_return, $gp
	 addiu	$a2, $sp, MCOUNT_FRAME_SIZE	/* arg 3: the function's sp */
	mcount_restore_regs		/* at may now be return_to_handler */
	jr	$ra
	 move	$ra, $at
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && !defined(CONFIG_DYNAMIC_FTRACE)
/*
 * Chapter 2: hand the function's return address to the graph tracer.
 * Where that address lives depends on the function (arch/mips/ftrace.c
 * decides): a leaf has it only in at, which is now the MCOUNT_AT slot of
 * our frame; a non-leaf stored ra in its own frame before calling us, and
 * will return through that slot, so the slot is what must be changed.
 * The C side gets our at slot (from which it reaches t4 and the rest of
 * this frame) and the traced function's sp.
 */
	.globl	ftrace_graph_caller
ftrace_graph_caller:
	mcount_save_regs
	pic_gp	$gp
	addiu	$a0, $sp, MCOUNT_AT	/* arg 1: parent, our copy of ra */
	addiu	$a1, $ra, -MCOUNT_INSN_SIZE	/* arg 2: selfpc */
	call_c	prepare_ftrace_return, $gp
	 addiu	$a2, $sp, MCOUNT_FRAME_SIZE	/* arg 3: the function's sp */
	mcount_restore_regs		/* at may now be return_to_handler */
	jr	$ra
	 move	$ra, $at
#endif
	.end	_mcount
	.size	_mcount, .-_mcount
	.globl	_mcount_end
_mcount_end:

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Where a hijacked function returns to.  sp is the caller's sp again (the
 * function popped its frame), the very value prepare_ftrace_return gave
 * the graph tracer as frame_pointer; the return value is in v0/v1 (64-bit:
 * both) or $f0/$f2 (double, complex).  Keep v0/v1 (the event path leaves
 * $f0/$f2 alone), ask the graph tracer for the real return address, and
 * go there with ra holding it too.
 */
#define RET_V0		16	/* above the callee's 16-byte home area */
#define RET_V1		20
#define RET_GP		24
#define RET_FRAME_SIZE	32

/*
 * Unwind information for unwinders that meet return_to_handler as the
 * return address of a hijacked function (stage2-graph/fgraph_unwind.c).
 * They look up the address minus one: this one-word entry in front of the
 * label.  There the frame is empty (CFA = sp, the hijacked function's own
 * CFA), ra is where that function saved it (same value: its slot), and
 * ftrace_graph_personality() writes the real address there first.  The
 * body has no unwind entry: a walk that starts inside it ends there.
 */
	.cfi_startproc
	.cfi_personality FTRACE_PERSONALITY_ENC, ftrace_graph_personality
	.cfi_def_cfa $sp, 0
	.cfi_same_value $31
	nop
	.cfi_endproc

	.globl	return_to_handler
	.type	return_to_handler, @function
	.ent	return_to_handler
return_to_handler:
	addiu	$sp, $sp, -RET_FRAME_SIZE
	sw	$v0, RET_V0($sp)
	sw	$v1, RET_V1($sp)
	sw	$gp, RET_GP($sp)
	pic_gp	$gp			/* (ra is dead here) */
	/* the caller's sp: the frame's identity and its frame pointer */
	addiu	$a1, $sp, RET_FRAME_SIZE
	call_c	ftrace_return_to_handler, $gp
	 move	$a0, $a1		/* arg 1: sp; arg 2: the same */
	move	$ra, $v0		/* the original return address */
	lw	$gp, RET_GP($sp)
	lw	$v1, RET_V1($sp)
	lw	$v0, RET_V0($sp)
	jr	$ra
	 addiu	$sp, $sp, RET_FRAME_SIZE
	.end	return_to_handler
	.size	return_to_handler, .-return_to_handler
#endif

	.section .note.GNU-stack, "", @progbits
