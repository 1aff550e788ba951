/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS32 instruction words, the one place the kit spells them: the
 * patching code (ftrace.c), the prologue decoder (prologue.c) and
 * recordmcount's MIPS entry (recordmcount/machines.c, a host program:
 * macros only, nothing of the target's C library).
 *
 * An instruction is one 32-bit word: opcode in bits 31-26, then rs
 * (25-21), rt (20-16), and either a 16-bit immediate or rd (15-11),
 * shamt (10-6) and funct (5-0) for the SPECIAL opcode.
 */
#ifndef _ASM_MIPS_INST_H
#define _ASM_MIPS_INST_H

#define MIPS_INSN_SIZE		4

/* fields */
#define MIPS_OP(i)		((int)((i) >> 26))
#define MIPS_RS(i)		((int)((i) >> 21) & 31)
#define MIPS_RT(i)		((int)((i) >> 16) & 31)
#define MIPS_RD(i)		((int)((i) >> 11) & 31)
#define MIPS_SHAMT(i)		((int)((i) >> 6) & 31)
#define MIPS_FUNCT(i)		((int)(i) & 63)
#define MIPS_SIMM(i)		((long)(short)((i) & 0xffff))
#define MIPS_UIMM(i)		((unsigned long)((i) & 0xffff))

/* major opcodes */
#define MIPS_OP_SPECIAL		0
#define MIPS_OP_REGIMM		1	/* rt says which: bal is bgezal */
#define MIPS_OP_J		2
#define MIPS_OP_JAL		3
#define MIPS_OP_BEQ		4
#define MIPS_OP_ADDIU		9
#define MIPS_OP_ORI		13
#define MIPS_OP_LUI		15
#define MIPS_OP_LW		35
#define MIPS_OP_SW		43
#define MIPS_OP_SWC1		57
#define MIPS_OP_SDC1		61

/* SPECIAL functs */
#define MIPS_F_JALR		0x09
#define MIPS_F_ADDU		0x21
#define MIPS_F_SUBU		0x23
#define MIPS_F_OR		0x25

/* REGIMM rt values */
#define MIPS_RI_BGEZAL		0x11

/* registers */
#define MIPS_R_ZERO		0
#define MIPS_R_AT		1
#define MIPS_R_V0		2
#define MIPS_R_V1		3
#define MIPS_R_T4		12	/* -mmcount-ra-address's register */
#define MIPS_R_T7		15	/* gcc's static chain */
#define MIPS_R_T9		25	/* abicalls: the callee's own address */
#define MIPS_R_GP		28	/* abicalls: the GOT pointer */
#define MIPS_R_SP		29
#define MIPS_R_S8		30
#define MIPS_R_RA		31

/* encoders */
#define MIPS_INSN_I(op, rs, rt, imm)	((unsigned int)(op) << 26 | \
					 (rs) << 21 | (rt) << 16 | \
					 ((imm) & 0xffff))
#define MIPS_INSN_R(rs, rt, rd, funct)	((unsigned int)(rs) << 21 | \
					 (rt) << 16 | (rd) << 11 | (funct))
/* j/jal: a 26-bit word index inside the 256 MB region of the delay slot */
#define MIPS_INSN_J(target)	(MIPS_OP_J << 26 | \
				 (((target) >> 2) & 0x03ffffff))
#define MIPS_INSN_JAL(target)	(MIPS_OP_JAL << 26 | \
				 (((target) >> 2) & 0x03ffffff))
/* where the j/jal at pc (its word i) goes */
#define MIPS_J_TARGET(pc, i)	((((unsigned long)(pc) + 4) & 0xf0000000) | \
				 ((unsigned long)((i) & 0x03ffffff) << 2))
/* lui/addiu loading addr into reg (%hi rounds for the signed %lo) */
#define MIPS_INSN_LUI(reg, addr)	MIPS_INSN_I(MIPS_OP_LUI, 0, reg, \
					    ((addr) + 0x8000) >> 16)
#define MIPS_INSN_ADDIU_LO(reg, addr)	MIPS_INSN_I(MIPS_OP_ADDIU, reg, reg, \
					    addr)
/* jalr ra,reg */
#define MIPS_INSN_JALR(reg)	MIPS_INSN_R(reg, 0, MIPS_R_RA, MIPS_F_JALR)
/* b: beq zero,zero, words counted from the delay slot */
#define MIPS_INSN_B(words)	MIPS_INSN_I(MIPS_OP_BEQ, 0, 0, words)
#define mips_is_b(i)		(((i) & 0xffff0000) == MIPS_INSN_B(0))
/* bal: bgezal zero, the same count; ld turns "jalr t9" into one */
#define MIPS_INSN_BAL(words)	MIPS_INSN_I(MIPS_OP_REGIMM, 0, \
					    MIPS_RI_BGEZAL, words)
#define mips_is_bal(i)		(((i) & 0xffff0000) == MIPS_INSN_BAL(0))
/* where the branch at pc (its word i) goes */
#define MIPS_B_TARGET(pc, i)	((unsigned long)(pc) + 4 + \
				 (unsigned long)(MIPS_SIMM(i) * 4))
/* lw rt,off(gp): abicalls code loading a GOT entry (any offset) */
#define MIPS_INSN_LW(rt, base, off)	MIPS_INSN_I(MIPS_OP_LW, base, rt, off)
#define mips_is_lw_got(i, rt)	(((i) & 0xffff0000) == \
				 MIPS_INSN_LW(rt, MIPS_R_GP, 0))

/*
 * "jalr ra,rs" whatever rs and the hint bits (10-6: jalr.hb) hold: what
 * makes a call through a register, for the runtime and recordmcount alike.
 */
#define MIPS_JALR_RA_MASK	0xfc1ff83f
#define MIPS_JALR_RA		MIPS_INSN_JALR(0)
#define mips_is_jalr_ra(i)	(((i) & MIPS_JALR_RA_MASK) == MIPS_JALR_RA)

/* the words of an mcount call site and of its dynamic ftrace forms */
#define MIPS_INSN_NOP		0x00000000
#define MIPS_INSN_ADDIU_SP(n)	MIPS_INSN_I(MIPS_OP_ADDIU, MIPS_R_SP, \
					    MIPS_R_SP, n)
#define MIPS_INSN_ADDIU_SP_M8	MIPS_INSN_ADDIU_SP(-8)	/* 27bdfff8 */
#define MIPS_INSN_ADDIU_SP_P8	MIPS_INSN_ADDIU_SP(8)	/* 27bd0008 */
/* move at,ra as gcc writes it: or (or addu) at,ra,zero */
#define MIPS_INSN_MOVE(rd, rs, funct)	MIPS_INSN_R(rs, MIPS_R_ZERO, rd, funct)
#define mips_is_move_at_ra(i)	((i) == MIPS_INSN_MOVE(MIPS_R_AT, MIPS_R_RA, \
						       MIPS_F_OR) || \
				 (i) == MIPS_INSN_MOVE(MIPS_R_AT, MIPS_R_RA, \
						       MIPS_F_ADDU))

/* -mmcount-ra-address: the word before the jal sets t4 */
#define MIPS_INSN_ADDIU_T4_SP	MIPS_INSN_I(MIPS_OP_ADDIU, MIPS_R_SP, \
					    MIPS_R_T4, 0)	/* + offset */
#define MIPS_INSN_ADDU_T4_T4_SP	MIPS_INSN_R(MIPS_R_T4, MIPS_R_SP, MIPS_R_T4, \
					    MIPS_F_ADDU)	/* 019d6021 */
#define MIPS_INSN_ADDU_T4_SP_T4	MIPS_INSN_R(MIPS_R_SP, MIPS_R_T4, MIPS_R_T4, \
					    MIPS_F_ADDU)	/* 03ac6021 */

/* a position-independent function's gp: "addu gp,gp,t9" after lui/addiu */
#define MIPS_INSN_ADDU_GP_GP_T9	MIPS_INSN_R(MIPS_R_GP, MIPS_R_T9, MIPS_R_GP, \
					    MIPS_F_ADDU)	/* 0399e021 */

#endif
