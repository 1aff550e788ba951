// SPDX-License-Identifier: GPL-2.0
/*
 * What recordmcount knows about each machine, and nothing else knows.
 *
 * One entry per supported (e_machine, ELF class): the names of the mcount
 * symbol, the relocation that makes one absolute table entry, and a hook
 * that looks at one relocation against mcount and decides whether it marks
 * a call site and which instruction address the runtime gets as rec->ip.
 * Porting the tool to a new arch means adding one hook and one table line.
 */
#include <elf.h>

#include <string.h>

#include "recordmcount.h"
/* the instruction words the MIPS runtime patches: one definition for both */
#include "../arch/mips/include/asm/inst.h"

/* glibc's <elf.h> knows type 10 by its old name */
#ifndef R_ARM_THM_CALL
#define R_ARM_THM_CALL R_ARM_THM_PC22
#endif

/* The 'len' bytes at 'off' in the text section, or NULL if outside it. */
static const unsigned char *insn(const struct rm_reloc *r, int64_t off,
				 unsigned int len)
{
	if (off < 0 || (uint64_t)off > r->text_size ||
	    r->text_size - off < len)
		return NULL;
	return r->text + off;
}

/* ---------------------------------------------------------------- x86_64 */

/*
 * -pg: "call mcount" = e8 <rel32>, relocation on the rel32 (PLT32, or PC32
 * from older compilers).  PIC: "call *mcount@GOTPCREL(%rip)" = ff 15
 * <rel32>, relocation GOTPCRELX.  rec->ip is the first byte of the call.
 */
static int x86_64_site(const struct rm_reloc *r, uint64_t *ip,
		       const char **why)
{
	const unsigned char *p;

	switch (r->type) {
	case R_X86_64_PC32:
	case R_X86_64_PLT32:
		p = insn(r, (int64_t)r->offset - 1, 1);
		if (!p || p[0] != 0xe8)
			break;
		*ip = r->offset - 1;
		return 1;
	case R_X86_64_GOTPCREL:
	case R_X86_64_GOTPCRELX:
		p = insn(r, (int64_t)r->offset - 2, 2);
		if (!p || p[0] != 0xff || p[1] != 0x15)
			break;
		*ip = r->offset - 2;
		return 1;
	default:
		*why = "relocation type is not a call";
		return 0;
	}
	*why = "instruction is not a call";
	return 0;
}

/*
 * --nop, a GNU C nested function's site: its static chain arrives in
 * %r10, which a call of __fentry__ may clobber, so gcc keeps it around the
 * call, "push %r10; call __fentry__; pop %r10" (41 52 ... 41 5a), the one
 * site that is not the function's first instruction.  The kit's
 * trampoline keeps %r10 itself (struct ftrace_regs): the three become
 * one site at the entry, and ftrace_caller finds the return address at
 * its stack pointer for every function alike.
 */
static int x86_64_nested(const unsigned char *p, uint64_t len)
{
	size_t n;

	if (len < 3 || p[0] != 0x41 || p[1] != 0x52)
		return 0;
	n = p[2] == 0xe8 ? 5 : 6;
	return len >= n + 4 && p[n + 2] == 0x41 && p[n + 3] == 0x5a;
}

static void x86_64_nop_site(const struct rm_reloc *r, uint64_t *ip)
{
	const unsigned char *p = insn(r, (int64_t)*ip - 2, 2);

	if (p && x86_64_nested(p, r->text + r->text_size - p))
		*ip -= 2;
}

/*
 * --nop: the call's own length in one NOP, as gcc's -mnop-mcount and
 * objtool --mnop write it: "nopl 0x0(%rax,%rax,1)" for e8 <rel32>, with a
 * 0x66 prefix for the 6-byte ff 15 <disp32>; a nested function's site
 * (above) that NOP, then a 4-byte one over its push and pop.
 */
static size_t x86_64_make_nop(unsigned char *insn, uint64_t len)
{
	static const unsigned char nop6[] = {
		0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00
	};
	static const unsigned char nop4[] = { 0x0f, 0x1f, 0x40, 0x00 };
	int nested = x86_64_nested(insn, len);
	unsigned char *call = insn + (nested ? 2 : 0);
	size_t n = call[0] == 0xe8 ? 5 : call[0] == 0xff ? 6 : 0;

	if (!n || len < n + (nested ? 4 : 0))
		return 0;
	memcpy(insn, nop6 + 6 - n, n);
	if (nested)
		memcpy(insn + n, nop4, sizeof(nop4));
	return n + (nested ? 4 : 0);
}

static const char *x86_64_reloc_name(unsigned int type)
{
	switch (type) {
	case R_X86_64_PC32:		return "R_X86_64_PC32";
	case R_X86_64_PLT32:		return "R_X86_64_PLT32";
	case R_X86_64_GOTPCREL:		return "R_X86_64_GOTPCREL";
	case R_X86_64_GOTPCRELX:	return "R_X86_64_GOTPCRELX";
	case R_X86_64_64:		return "R_X86_64_64";
	}
	return NULL;
}

/* ------------------------------------------------------------- MIPS o32 */

/*
 * Three shapes of the call, all preceded by "move at,ra":
 *  -fno-pic:      jal _mcount (R_MIPS_26), "addiu sp,sp,-8" in the slot;
 *                 rec->ip = the jal.
 *  PIC:           addiu sp,sp,-8; lw t9,%call16(_mcount)(gp); jalr t9;
 *                 the jalr carries an R_MIPS_JALR hint; rec->ip = the
 *                 jalr (the stack adjust is already done before it, so
 *                 only the jalr itself can be patched).
 *  -mlong-calls:  lui v1,%hi (R_MIPS_HI16); addiu v1,%lo (R_MIPS_LO16),
 *                 or PIC: lw v1,%got (R_MIPS_GOT16); then jalr v1 with
 *                 the -8 in its delay slot; rec->ip = the first
 *                 instruction, so that one branch can skip the sequence.
 */
/*
 * A long-call sequence loads _mcount's address into a register and, within
 * the next few instructions, does "move at,ra" and "jalr" through that
 * register (-O2: 4 words on; -O0 puts the "addiu sp,sp,-8" and the t4 of
 * -mmcount-ra-address before the jalr, and a frame over 32 KB needs up to
 * three instructions for t4: 7 words at most).  Anything else (code
 * that only takes _mcount's address, as the kit's MIPS unwinder does) is
 * not a call site.
 */
static int mips_long_call(const struct rm_reloc *r, unsigned int reg)
{
	int saw_move_at_ra = 0;
	unsigned int k;

	for (k = 1; k <= 7; k++) {
		const unsigned char *p = insn(r, r->offset + 4 * k, 4);
		uint32_t i;

		if (!p)
			return 0;
		i = rm_get(p, 4);
		if (mips_is_move_at_ra(i))
			saw_move_at_ra = 1;
		else if (mips_is_jalr_ra(i))
			return saw_move_at_ra && MIPS_RS(i) == (int)reg;
	}
	return 0;
}

static int mips_site(const struct rm_reloc *r, uint64_t *ip,
		     const char **why)
{
	const unsigned char *p = insn(r, r->offset, 4);
	uint32_t i = p ? rm_get(p, 4) : 0;
	int op = MIPS_OP(i);

	switch (r->type) {
	case R_MIPS_26:
		if (!p || op != MIPS_OP_JAL) {
			*why = "not a jal (tail jump?)";
			return 0;
		}
		break;
	case R_MIPS_JALR:
		if (!p || !mips_is_jalr_ra(i)) {
			*why = "not a jalr (tail jump?)";
			return 0;
		}
		break;
	case R_MIPS_HI16:
		if (!p || op != MIPS_OP_LUI) {
			*why = "HI16 not on a lui";
			return 0;
		}
		if (!mips_long_call(r, MIPS_RT(i))) {
			*why = "takes _mcount's address, no call follows";
			return 0;
		}
		break;
	case R_MIPS_GOT16:
		if (!p || op != MIPS_OP_LW) {
			*why = "GOT16 not on a lw";
			return 0;
		}
		if (!mips_long_call(r, MIPS_RT(i))) {
			*why = "takes _mcount's address, no call follows";
			return 0;
		}
		break;
	case R_MIPS_CALL16:
		*why = "PIC load of t9; the jalr's R_MIPS_JALR is the site";
		return 0;
	case R_MIPS_LO16:
		*why = "second half of a long-call sequence";
		return 0;
	default:
		*why = "relocation type is not a call";
		return 0;
	}
	*ip = r->offset;
	return 1;
}

static const char *mips_reloc_name(unsigned int type)
{
	switch (type) {
	case R_MIPS_26:		return "R_MIPS_26";
	case R_MIPS_JALR:	return "R_MIPS_JALR";
	case R_MIPS_HI16:	return "R_MIPS_HI16";
	case R_MIPS_GOT16:	return "R_MIPS_GOT16";
	case R_MIPS_CALL16:	return "R_MIPS_CALL16";
	case R_MIPS_LO16:	return "R_MIPS_LO16";
	case R_MIPS_32:		return "R_MIPS_32";
	}
	return NULL;
}

/* ---------------------------------------------------------------- ARM */

/*
 * "push {lr}; bl __gnu_mcount_nc".  ARM state: R_ARM_CALL (or the old
 * R_ARM_PC24) on a bl/blx.  Thumb-2: R_ARM_THM_CALL on a 32-bit bl/blx.
 * rec->ip = the bl, without the Thumb bit.  Every other reference
 * (R_ARM_JUMP24 tail calls, ABS32, MOVW...) is not a site.
 */
static int arm_site(const struct rm_reloc *r, uint64_t *ip,
		    const char **why)
{
	const unsigned char *p = insn(r, r->offset, 4);
	uint32_t i, hw1, hw2;

	if (!p) {
		*why = "relocation at the end of the section";
		return 0;
	}
	switch (r->type) {
	case R_ARM_CALL:
	case R_ARM_PC24:
		i = rm_get(p, 4);
		if ((i & 0x0f000000) != 0x0b000000 &&	/* bl<cond> */
		    (i & 0xfe000000) != 0xfa000000) {	/* blx imm */
			*why = "not a bl/blx";
			return 0;
		}
		break;
	case R_ARM_THM_CALL:
		hw1 = rm_get(p, 2);
		hw2 = rm_get(p + 2, 2);
		if ((hw1 & 0xf800) != 0xf000 || (hw2 & 0xc000) != 0xc000) {
			*why = "not a Thumb bl/blx";
			return 0;
		}
		break;
	default:
		*why = "relocation type is not a call";
		return 0;
	}
	*ip = r->offset;
	return 1;
}

static const char *arm_reloc_name(unsigned int type)
{
	switch (type) {
	case R_ARM_CALL:	return "R_ARM_CALL";
	case R_ARM_PC24:	return "R_ARM_PC24";
	case R_ARM_THM_CALL:	return "R_ARM_THM_CALL";
	case R_ARM_JUMP24:	return "R_ARM_JUMP24";
	case R_ARM_THM_JUMP24:	return "R_ARM_THM_JUMP24";
	case R_ARM_ABS32:	return "R_ARM_ABS32";
	}
	return NULL;
}

/* ------------------------------------------------------------ AArch64 */

/*
 * "mov x0, x30; bl _mcount": R_AARCH64_CALL26 on a bl (-fPIC too: the
 * linker sends it through the PLT).  rec->ip = the bl.  A tail call's
 * R_AARCH64_JUMP26 or an address taken (ADR_PREL_PG_HI21...) is not a
 * site.
 */
static int aarch64_site(const struct rm_reloc *r, uint64_t *ip,
			const char **why)
{
	const unsigned char *p = insn(r, r->offset, 4);

	if (!p) {
		*why = "relocation at the end of the section";
		return 0;
	}
	if (r->type != R_AARCH64_CALL26) {
		*why = "relocation type is not a call";
		return 0;
	}
	if ((rm_get(p, 4) & 0xfc000000) != 0x94000000) {
		*why = "not a bl";
		return 0;
	}
	*ip = r->offset;
	return 1;
}

/*
 * --entries: gcc's -fpatchable-function-entry=2 puts two NOPs at the
 * function's entry, the first one recorded.  While the function is
 * traced the second calls ftrace_caller, a bl that overwrites x30, the
 * function's return address: so the first must copy it into x9 before
 * (arch/aarch64/entry.S).  That copy never changes again: written here,
 * the start-up has nothing to write (the kernel's arm64 writes it at
 * boot, ftrace_init_nop()).  The runtime still accepts the plain NOP
 * there, for an object built without this step.
 */
#define A64_NOP			0xd503201f
#define A64_MOV_X9_X30		0xaa1e03e9

static int aarch64_entry_prepare(unsigned char *insn, uint64_t len,
				 uint64_t pre)
{
	unsigned char *lit = insn - pre;
	uint32_t first;

	if (len < 8 || rm_get(insn + 4, 4) != A64_NOP)
		return 0;
	first = rm_get(insn, 4);
	if (first != A64_NOP && first != A64_MOV_X9_X30)
		return 0;
	if (pre && (pre < 8 || (rm_get(lit, 4) != A64_NOP && rm_get(lit, 4)) ||
		    (rm_get(lit + 4, 4) != A64_NOP && rm_get(lit + 4, 4))))
		return 0;
	rm_put(insn, 4, A64_MOV_X9_X30);
	if (pre) {
		rm_put(lit, 4, 0);
		rm_put(lit + 4, 4, 0);
	}
	return 1;
}

/*
 * --pre-entry (CALL_OPS): gcc's -fpatchable-function-entry=4,2 puts two
 * NOPs before the function, for the ops literal, and two at its entry,
 * after the "bti c" of -mbranch-protection=bti/standard where there is
 * one (any bti: c, j or jc).
 */
#define A64_BTI_MASK		0xffffff3f
#define A64_BTI			0xd503241f

static unsigned int aarch64_entry_landing(const unsigned char *insn,
					  uint64_t len)
{
	return len >= 4 && (rm_get(insn, 4) & A64_BTI_MASK) == A64_BTI ? 4 : 0;
}

/* ------------------------------------------------------------ riscv64 */

/*
 * "mv a0, ra; call _mcount": gcc's call is "auipc ra, 0; jalr ra, 0(ra)"
 * with R_RISCV_CALL_PLT (R_RISCV_CALL from older compilers) on the auipc
 * and, unless -mno-relax, R_RISCV_RELAX next to it.  rec->ip = the auipc:
 * the first byte of the site, whatever ld makes of it.  When ld relaxes
 * the pair into one 4-byte "jal ra, _mcount" it deletes the jalr, the
 * bytes after the auipc, so the table entry, the address of the site's
 * first byte, still names the jal: which of the two the runtime finds is
 * read from the code (arch/riscv64/ftrace.c).  A tail call ("tail
 * _mcount", auipc t1 + jalr zero) is not a site.
 */
#define RV_OPC_AUIPC		0x17
#define RV_OPC_JALR		0x67
#define RV_OPC_JAL		0x6f
#define RV_REG_RA		1
#define RV_OPC(i)		((i) & 0x7f)
#define RV_RD(i)		(((i) >> 7) & 0x1f)
#define RV_RS1(i)		(((i) >> 15) & 0x1f)

static int riscv64_site(const struct rm_reloc *r, uint64_t *ip,
			const char **why)
{
	const unsigned char *p;
	uint32_t i, j;

	switch (r->type) {
	case R_RISCV_CALL:
	case R_RISCV_CALL_PLT:
		p = insn(r, r->offset, 8);
		if (!p) {
			*why = "relocation at the end of the section";
			return 0;
		}
		i = rm_get(p, 4);
		j = rm_get(p + 4, 4);
		if (RV_OPC(i) != RV_OPC_AUIPC || RV_RD(i) != RV_REG_RA ||
		    RV_OPC(j) != RV_OPC_JALR || RV_RD(j) != RV_REG_RA ||
		    RV_RS1(j) != RV_REG_RA) {
			*why = "not auipc ra + jalr ra (tail call?)";
			return 0;
		}
		break;
	case R_RISCV_JAL:
		p = insn(r, r->offset, 4);
		i = p ? rm_get(p, 4) : 0;
		if (RV_OPC(i) != RV_OPC_JAL || RV_RD(i) != RV_REG_RA) {
			*why = "not a jal ra (tail jump?)";
			return 0;
		}
		break;
	default:
		*why = "relocation type is not a call";
		return 0;
	}
	*ip = r->offset;
	return 1;
}

static const char *aarch64_reloc_name(unsigned int type)
{
	switch (type) {
	case R_AARCH64_CALL26:		return "R_AARCH64_CALL26";
	case R_AARCH64_JUMP26:		return "R_AARCH64_JUMP26";
	case R_AARCH64_ABS64:		return "R_AARCH64_ABS64";
	case R_AARCH64_ADR_PREL_PG_HI21: return "R_AARCH64_ADR_PREL_PG_HI21";
	case R_AARCH64_ADD_ABS_LO12_NC:	return "R_AARCH64_ADD_ABS_LO12_NC";
	}
	return NULL;
}

/*
 * --entries --pre-entry (CALL_OPS): gcc's -fpatchable-function-entry=8,4
 * puts 8 bytes of NOPs before the function (four c.nop, or two nop
 * without the C extension) for the ops literal, which starts as zero.
 * The entry's own NOPs stay: the start-up writes their auipc (the
 * runtime's ftrace_init_nop() says why).
 */
#define RV_CNOP			0x0001
#define RV_NOP			0x00000013

static int riscv64_entry_prepare(unsigned char *insn, uint64_t len,
				 uint64_t pre)
{
	unsigned char *lit = insn - pre;
	unsigned int i;

	if (!pre)
		return 1;
	if (pre != 8 || len < 8)	/* the literal, and the site after it */
		return 0;
	if (rm_get(lit, 4) == RV_NOP && rm_get(lit + 4, 4) == RV_NOP) {
		rm_put(lit, 4, 0);
		rm_put(lit + 4, 4, 0);
		return 1;
	}
	for (i = 0; i < 8; i += 2)
		if (rm_get(lit + i, 2) != RV_CNOP && rm_get(lit + i, 2))
			return 0;
	for (i = 0; i < 8; i += 2)
		rm_put(lit + i, 2, 0);
	return 1;
}

static const char *riscv64_reloc_name(unsigned int type)
{
	switch (type) {
	case R_RISCV_CALL:	return "R_RISCV_CALL";
	case R_RISCV_CALL_PLT:	return "R_RISCV_CALL_PLT";
	case R_RISCV_JAL:	return "R_RISCV_JAL";
	case R_RISCV_64:	return "R_RISCV_64";
	}
	return NULL;
}

/* ---------------------------------------------------------- the table */

static const char *const x86_64_mcount[] = { "mcount", "__fentry__", NULL };
static const char *const mips_mcount[] = { "_mcount", NULL };
static const char *const arm_mcount[] = { "__gnu_mcount_nc", NULL };
static const char *const aarch64_mcount[] = { "_mcount", NULL };
static const char *const riscv64_mcount[] = { "_mcount", NULL };

static const struct rm_machine machines[] = {
	{ "x86_64", EM_X86_64, ELFCLASS64, x86_64_mcount, R_X86_64_64, 0,
	  x86_64_site, x86_64_reloc_name, x86_64_make_nop, R_X86_64_NONE,
	  x86_64_nop_site, NULL, NULL },
	{ "mips", EM_MIPS, ELFCLASS32, mips_mcount, R_MIPS_32, 0,
	  mips_site, mips_reloc_name, NULL, 0, NULL, NULL, NULL },
	{ "arm", EM_ARM, ELFCLASS32, arm_mcount, R_ARM_ABS32, 1,
	  arm_site, arm_reloc_name, NULL, 0, NULL, NULL, NULL },
	{ "aarch64", EM_AARCH64, ELFCLASS64, aarch64_mcount, R_AARCH64_ABS64, 0,
	  aarch64_site, aarch64_reloc_name, NULL, 0, NULL,
	  aarch64_entry_prepare, aarch64_entry_landing },
	{ "riscv64", EM_RISCV, ELFCLASS64, riscv64_mcount, R_RISCV_64, 0,
	  riscv64_site, riscv64_reloc_name, NULL, 0, NULL,
	  riscv64_entry_prepare, NULL },
};

#define N_MACHINES (sizeof(machines) / sizeof(machines[0]))

const struct rm_machine *rm_find_machine(unsigned int e_machine,
					 unsigned char elfclass)
{
	size_t i;

	for (i = 0; i < N_MACHINES; i++)
		if (machines[i].e_machine == e_machine &&
		    machines[i].elfclass == elfclass)
			return &machines[i];
	return NULL;
}

/* "x86_64 mips arm aarch64 riscv64", for --help */
const char *rm_machine_names(void)
{
	static char names[128];
	size_t i, len = 0;

	if (names[0])
		return names;
	for (i = 0; i < N_MACHINES; i++)
		len += snprintf(names + len, sizeof(names) - len, "%s%s",
				i ? " " : "", machines[i].name);
	return names;
}
