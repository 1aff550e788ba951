# ftrace-kit top-level Makefile.
#
#   make [ARCH=x86_64|mips|arm] [STAGE=1..5]   build a stage's runtime + demo
#   make demo                                  run the demo (each stage)
#   make check [ARCH=..] [STAGE=..]            run the tests
#   make bench                                 x86_64 benchmark
#   make exercise NEWARCH=<name>               start a port (docs/exercises.md)
#   make help
#
# The runtime of stage N is composed the way the kernel composes ftrace:
# every stage directory and arch/<arch>/ have a Kbuild file listing objects
# under CONFIG_* switches, and STAGE only decides which switches are on.

KIT := $(CURDIR)
# (the rules of the generated headers come first in this file)
.DEFAULT_GOAL := all

# "make check" with no ARCH on the command line runs every arch.
ifeq ($(origin ARCH),undefined)
ALL_ARCHES_DEFAULT := 1
endif
ARCH	?= x86_64
STAGE	?= 1
ARCHES	:= $(notdir $(wildcard arch/*))

ifeq ($(wildcard arch/$(ARCH)/arch.mk),)
$(error ARCH=$(ARCH) is not supported (have: $(ARCHES)))
endif
include arch/$(ARCH)/arch.mk

CC	:= $(CROSS_COMPILE)gcc
CXX	:= $(CROSS_COMPILE)g++
AR	:= $(CROSS_COMPILE)ar
OBJDUMP	:= $(CROSS_COMPILE)objdump
LD	:= $(CROSS_COMPILE)ld
NM	:= $(CROSS_COMPILE)nm
OBJCOPY	:= $(CROSS_COMPILE)objcopy

# Which stages this arch may build: a stage needs every HAVE_* it uses.
STAGES := $(if $(HAVE_FUNCTION_TRACER),1)
STAGES += $(if $(HAVE_FUNCTION_TRACER),$(if $(HAVE_FUNCTION_GRAPH_TRACER),2))
STAGES += $(if $(HAVE_FUNCTION_TRACER),$(if $(HAVE_DYNAMIC_FTRACE),$(if $(HAVE_FTRACE_MCOUNT_RECORD),3)))
# stage 4: stages 2 and 3, and the arch's chapter 5 part (ftrace_graph_call)
STAGES += $(if $(HAVE_DYNAMIC_FTRACE_GRAPH_CALLER),$(if $(filter 3,$(STAGES)),$(if $(filter 2,$(STAGES)),4)))
# stage 5 (chapter 8): the entry before the prologue, with the arguments
# saved (HAVE_DYNAMIC_FTRACE_WITH_ARGS), on top of everything stage 4 has
STAGES += $(if $(HAVE_DYNAMIC_FTRACE_WITH_ARGS),$(if $(filter 4,$(STAGES)),5))
STAGES := $(strip $(STAGES))

CONFIG_FUNCTION_TRACER		:= y
CONFIG_FUNCTION_GRAPH_TRACER	:= $(if $(filter 2 4 5,$(STAGE)),y)
CONFIG_DYNAMIC_FTRACE		:= $(if $(filter 3 4 5,$(STAGE)),y)
# Chapter 8: sites at the function's entry, NOPs from the compiler
# (ENTRY_CFLAGS, arch.mk), a trampoline that saves struct ftrace_regs with
# the arguments, and the graph tracer as an ftrace_ops of its own; the
# return value for funcgraph-retval where the arch passes it.
CONFIG_DYNAMIC_FTRACE_WITH_ARGS	:= $(if $(filter 5,$(STAGE)),y)
CONFIG_FUNCTION_GRAPH_RETVAL	:= $(if $(CONFIG_DYNAMIC_FTRACE_WITH_ARGS),$(HAVE_FUNCTION_GRAPH_RETVAL))
# chapter 8's second half: sites that call a caller's trampoline (direct
# calls), and sites that name the ops they call (CALL_OPS)
CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS := $(if $(CONFIG_DYNAMIC_FTRACE_WITH_ARGS),$(HAVE_DYNAMIC_FTRACE_WITH_DIRECT_CALLS))
CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS := $(if $(CONFIG_DYNAMIC_FTRACE_WITH_ARGS),$(HAVE_DYNAMIC_FTRACE_WITH_CALL_OPS))
# Dynamic ftrace finds its call sites in the __mcount_loc table that
# recordmcount adds to every traced object (chapter 3); scripts/ftrace-cc
# runs the tool on each object it compiles when this is on.  Without it
# (make STAGE=3 CONFIG_FTRACE_MCOUNT_RECORD=, ftrace-cc --ftraced) stage 3
# is the 2008 design: mcount records each site it is called from, and the
# ftraced daemon patches them (stage3-dynamic/ftraced.c), built apart in
# build/<arch>/stage3-ftraced.
ifneq ($(origin CONFIG_FTRACE_MCOUNT_RECORD),command line)
CONFIG_FTRACE_MCOUNT_RECORD	:= $(strip $(if $(CONFIG_DYNAMIC_FTRACE), \
				   $(HAVE_FTRACE_MCOUNT_RECORD)))
endif
CONFIG_FTRACED := $(if $(CONFIG_DYNAMIC_FTRACE),$(if \
		  $(CONFIG_FTRACE_MCOUNT_RECORD),,y))
# ftrace-cc --record-mcount sets FTRACE_CC_RECORD=y to record at any stage.
ifneq ($(origin FTRACE_CC_RECORD),command line)
FTRACE_CC_RECORD	:= $(CONFIG_FTRACE_MCOUNT_RECORD)
endif
# HAVE_SYSCALL_TRACEPOINTS (docs/07-syscalls.md): the system-call events
# patch the C library's sites, so they come with stage 3's text patching;
# they need no function tracer (stage 4 has them as well).
CONFIG_FTRACE_SYSCALLS	:= $(if $(CONFIG_DYNAMIC_FTRACE),$(HAVE_SYSCALL_TRACEPOINTS))
# Chapter 6 (extras/): what a user does with a trace.  Each is on wherever
# it can work; "make CONFIG_TRACE_SPOOL=" (say) builds without it, and the
# core then calls the stubs of its hooks.
CONFIG_FUNCTION_PROFILER	?= y
CONFIG_TRACE_MARKER		?= y
CONFIG_TRACE_SPOOL		?= y
CONFIG_TRACE_EXPORT		?= y
# the exports are made of function_graph records
override CONFIG_TRACE_EXPORT	:= $(if $(CONFIG_FUNCTION_GRAPH_TRACER),$(CONFIG_TRACE_EXPORT))
CONFIGS := CONFIG_FUNCTION_TRACER CONFIG_FUNCTION_GRAPH_TRACER \
	   CONFIG_DYNAMIC_FTRACE CONFIG_FTRACE_MCOUNT_RECORD \
	   CONFIG_FUNCTION_PROFILER CONFIG_TRACE_MARKER CONFIG_TRACE_SPOOL \
	   CONFIG_TRACE_EXPORT CONFIG_FTRACE_SYSCALLS \
	   CONFIG_DYNAMIC_FTRACE_WITH_ARGS CONFIG_FUNCTION_GRAPH_RETVAL \
	   CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS \
	   CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS

STAGE_DIRS-y				:= stage1-static
STAGE_DIRS-$(CONFIG_FUNCTION_GRAPH_TRACER)	+= stage2-graph
STAGE_DIRS-$(CONFIG_DYNAMIC_FTRACE)		+= stage3-dynamic
STAGE_DIRS-$(if $(CONFIG_FUNCTION_GRAPH_TRACER),$(CONFIG_DYNAMIC_FTRACE)) += stage4-dyn-graph
STAGE_DIRS-$(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)	+= stage5-entry
# lib/: helpers of several chapters; extras/: chapter 6, under its own
# CONFIG_ switches
SRC_DIRS := $(STAGE_DIRS-y) lib extras arch/$(ARCH)

# CONFIG_PIE=y (ftrace-cc -pie): a position-independent executable's
# runtime, built -fPIE apart in build/<arch>/stage<N>-pie, and traced code
# compiled -fPIE and linked -pie.  Only where the arch says it can
# (HAVE_FTRACE_PIE: it patches position-independent sites, and its
# runtime works as position-independent code); elsewhere ftrace-cc
# refuses -pie, and this is the plain runtime.
override CONFIG_PIE := $(if $(HAVE_FTRACE_PIE),$(CONFIG_PIE))
O	:= build/$(ARCH)/stage$(STAGE)$(if $(CONFIG_FTRACED),-ftraced)$(if $(CONFIG_PIE),-pie)
LIB	:= $(O)/libftrace.a

CONFIG_CFLAGS := $(foreach c,$(CONFIGS),$(if $($(c)),-D$(c)))
# What the arch selects beyond the stages (arch.mk), as the kernel's
# HAVE_* defines: generic code gates the FP test and the ret addr pointer,
# and checks the layouts an arch's lane reads (linux/fgraph_lane.h).
# At stage 5 the return address is read at the entry, before any frame
# exists: nothing for the FP test to tell apart (chapter 8).
HAVE_FLAGS := HAVE_FUNCTION_GRAPH_RET_ADDR_PTR HAVE_FGRAPH_LANE \
	$(if $(CONFIG_DYNAMIC_FTRACE_WITH_ARGS),,HAVE_FUNCTION_GRAPH_FP_TEST)
CONFIG_CFLAGS += $(foreach h,$(HAVE_FLAGS),$(if $($(h)),-D$(h)))
# The runtime is never instrumented: no -pg here (the kernel's notrace).
# Nor does it use floating-point or vector registers (CC_FLAGS_NO_FPU,
# arch.mk; linux/event_path.h says why): an object whose slow paths need
# them takes the flag out with CFLAGS_REMOVE_<obj>.o in its Kbuild, as the
# kernel's do, and holds nothing of the event path.
# $(call pic-cflags,FLAGS,MORE): the position-independent variant of
# FLAGS, without the arch's flags that make code non-PIC
# (ARCH_NOPIC_CFLAGS), with what PIC needs there (ARCH_PIC_CFLAGS) and MORE
# (-fPIC, -fPIE).
pic-cflags = $(filter-out $(ARCH_NOPIC_CFLAGS),$(1)) $(ARCH_PIC_CFLAGS) $(2)
# The arch's code flags, or a PIE's variant of them.
CODE_CFLAGS := $(if $(CONFIG_PIE),$(call pic-cflags,$(ARCH_CFLAGS),-fPIE), \
	$(ARCH_CFLAGS))
# (-Wno-prio-ctor-dtor: the kit's levels take priorities the compiler
# keeps for the implementation, linux/init.h)
KIT_CFLAGS := -D_GNU_SOURCE -O2 -g -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -Wno-prio-ctor-dtor -std=gnu11 \
	-Werror=implicit-function-declaration \
	-Iarch/$(ARCH)/include -Iinclude $(CONFIG_CFLAGS) \
	$(CODE_CFLAGS) $(CC_FLAGS_NO_FPU)
# What a traced program is compiled with (scripts/ftrace-cc prints it too).
# Stage 5 replaces -pg with the arch's entry flags (ENTRY_CFLAGS, arch.mk:
# x86's -pg -mfentry, or -fpatchable-function-entry, which -pg would add
# a call of mcount to); those only non-PIC code can have
# (ENTRY_NOPIC_CFLAGS) are left out of position-independent code.
ENTRY_FLAGS := $(if $(CONFIG_DYNAMIC_FTRACE_WITH_ARGS),$(if $(CONFIG_PIE), \
	$(filter-out $(ENTRY_NOPIC_CFLAGS),$(ENTRY_CFLAGS)),$(ENTRY_CFLAGS)),-pg)
# The graph tracer of a stage whose sites call mcount after the prologue
# may need the prologue in a shape it can hook (GRAPH_MCOUNT_CFLAGS,
# arch.mk).
GRAPH_FLAGS := $(if $(CONFIG_FUNCTION_GRAPH_TRACER),$(if \
	$(CONFIG_DYNAMIC_FTRACE_WITH_ARGS),,$(GRAPH_MCOUNT_CFLAGS)))
TRACE_CFLAGS := $(ENTRY_FLAGS) $(GRAPH_FLAGS) $(CODE_CFLAGS) $(CONFIG_CFLAGS) \
	-I$(KIT)/include -I$(KIT)/arch/$(ARCH)/include
TRACE_LDFLAGS := $(if $(CONFIG_PIE),$(filter-out -no-pie, \
	$(ARCH_LDFLAGS)) -pie,$(ARCH_LDFLAGS))
# The executable exports its mcount to every shared library it loads, so a
# library built with -pg calls the kit's, not the C library's (the kernel's
# modules are linked against the kernel's own symbols), and the hooks a
# library's module object calls (MODULE_SYMBOLS below).
TRACE_LIBS := -Wl,--whole-archive $(abspath $(LIB)) -Wl,--no-whole-archive \
	-Wl,--dynamic-list=$(abspath $(O)/dynamic-list) -lpthread
# What a position-independent traced object (-fPIC, a shared library) is
# compiled with.
TRACE_PIC_CFLAGS := $(filter-out $(ENTRY_NOPIC_CFLAGS),$(call \
	pic-cflags,$(TRACE_CFLAGS),-fPIC))
# the symbol the compiler's sites call: the entry's at stage 5
MCOUNT_SYMBOL := $(if $(CONFIG_DYNAMIC_FTRACE_WITH_ARGS),$(ENTRY_SYMBOL),$(MCOUNT_SYMBOL))

# Collect obj-y from every Kbuild file of this configuration.
# A Kbuild's mod-y: objects linked into every traced shared library
# instead (linux/module.h), built as position-independent code; exe-y:
# objects linked into a dynamically linked program only (TRACE_LIBS).
define collect-kbuild
obj-y :=
wrap-y :=
interpose-y :=
mod-y :=
exe-y :=
include $(1)/Kbuild
RUNTIME_OBJS += $$(addprefix $(O)/$(1)/,$$(obj-y))
MODULE_OBJS += $$(addprefix $(O)/mod/$(1)/,$$(mod-y))
EXE_OBJS += $$(addprefix $(O)/$(1)/,$$(exe-y))
TRACE_WRAPS += $$(wrap-y)
TRACE_INTERPOSE += $$(interpose-y)
endef
RUNTIME_OBJS :=
MODULE_OBJS :=
EXE_OBJS :=
TRACE_WRAPS :=
TRACE_INTERPOSE :=
# (a stage the arch does not provide has nothing to collect: stage-ok says so)
ifneq ($(filter $(STAGE),$(STAGES)),)
$(foreach d,$(SRC_DIRS),$(eval $(call collect-kbuild,$(d))))
endif
# The system-call events' tables, read from the arch's toolchain at each
# build (scripts/gen-syscall-tables): <asm/unistd.h> with NR_syscalls (the
# C library's own, then the kit's lines), the number-to-name list, and
# the sites of the C library's objects (SYSCALL_LIBS in arch.mk).
ifdef CONFIG_FTRACE_SYSCALLS
GEN := $(O)/generated
KIT_CFLAGS += -I$(GEN)
RUNTIME_OBJS += $(GEN)/syscall_sites.o
SYSCALL_HEADERS := $(GEN)/asm/unistd.h $(GEN)/asm/unistd_names.h
$(GEN)/asm/unistd.list: scripts/gen-syscall-tables $(O)/.flags
	@mkdir -p $(dir $@)
	scripts/gen-syscall-tables names "$(CC)" >$@.tmp && mv $@.tmp $@
$(GEN)/asm/unistd.h: $(GEN)/asm/unistd.list
	{ echo '/* generated: the C library'"'"'s numbers, then the kit'"'"'s */'; \
	  echo '#include_next <asm/unistd.h>'; grep '^#define' $<; } >$@
$(GEN)/asm/unistd_names.h: $(GEN)/asm/unistd.list
	grep '^SYSCALL_NAME' $< >$@
$(GEN)/syscall_sites.c: scripts/gen-syscall-tables arch/$(ARCH)/arch.mk
	@mkdir -p $(dir $@)
	scripts/gen-syscall-tables sites "$(CC)" \
		"$(OBJDUMP) $(SYSCALL_OBJDUMP_FLAGS)" '$(SYSCALL_SITE_RE)' \
		'$(SYSCALL_SIGRETURN_RE)' '$(SYSCALL_SETUP_RE)' \
		$(SYSCALL_LIBS) >$@.tmp && mv $@.tmp $@
$(GEN)/syscall_sites.o: $(GEN)/syscall_sites.c $(O)/.flags
	$(CC) $(KIT_CFLAGS) -c $< -o $@
$(filter-out $(GEN)/%,$(RUNTIME_OBJS)): | $(SYSCALL_HEADERS)
endif

# C library functions the runtime puts itself in front of with ld --wrap
# (a Kbuild's wrap-y): the program's calls reach __wrap_<name>, which
# calls the library's as __real_<name>.  A Kbuild's interpose-y: the same
# for the calls of the program's shared libraries too; a dynamically
# linked program defines those functions (EXE_LIB, exported), a static one
# (ftrace-cc -static, -static-pie: TRACE_STATIC_LIBS) has no libraries
# and wraps them.
comma := ,
wrap-flags = $(foreach w,$(1),-Wl$(comma)--wrap=$(w) -Wl$(comma)-u$(comma)$(w))
EXE_LIB := $(if $(EXE_OBJS),$(O)/ftrace_exe.o)
TRACE_STATIC_LIBS := $(TRACE_LIBS) \
	$(call wrap-flags,$(TRACE_WRAPS) $(TRACE_INTERPOSE))
TRACE_LIBS += $(if $(EXE_LIB),$(abspath $(EXE_LIB))) \
	$(call wrap-flags,$(TRACE_WRAPS))
# The object a traced shared library gets (TRACE_SO_LIBS): one
# relocatable object, everything in it hidden inside the library.
MODULE_LIB := $(if $(MODULE_OBJS),$(O)/ftrace_module.o)
TRACE_SO_LIBS := $(if $(MODULE_LIB),$(abspath $(MODULE_LIB)))

TEST_PROGS := $(patsubst tests/progs/%.c,%,$(wildcard tests/progs/*.c))
ifdef CONFIG_FUNCTION_GRAPH_TRACER
TEST_PROGS += $(patsubst tests/progs/%.c,%,$(wildcard tests/progs/graph/*.c))
endif
ifdef CONFIG_DYNAMIC_FTRACE
TEST_PROGS += $(patsubst tests/progs/%.c,%,$(wildcard tests/progs/dyn/*.c))
endif
# chapter 5 (stage 4 = both)
ifneq ($(CONFIG_DYNAMIC_FTRACE),)
ifneq ($(CONFIG_FUNCTION_GRAPH_TRACER),)
TEST_PROGS += $(patsubst tests/progs/%.c,%,$(wildcard tests/progs/dyngraph/*.c))
endif
endif
# chapter 8
ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
TEST_PROGS += $(patsubst tests/progs/%.c,%,$(wildcard tests/progs/entry/*.c))
endif

# Chapter 4 needs every traced object to carry its __mcount_loc table
# (chapter 3): the kernel runs recordmcount as part of its .c -> .o rule.
RECORDMCOUNT := $(KIT)/build/host/recordmcount
# At stage 5 (chapter 8) the sites must be NOPs before the program runs,
# and recordmcount runs with the arch's ENTRY_RECORD_FLAGS (arch.mk):
# where the compiler calls ENTRY_SYMBOL (x86's -mfentry), --nop records
# the calls and writes them as NOPs (the kernel's objtool --mnop); where
# it writes NOPs and a table of its own (-fpatchable-function-entry),
# --entries moves that table to __mcount_loc, one part per section group,
# and writes what the arch's entries need once.
MCOUNT_RECORDER := $(RECORDMCOUNT) $(if $(CONFIG_DYNAMIC_FTRACE_WITH_ARGS), 	$(ENTRY_RECORD_FLAGS))
RECORD_MCOUNT = $(if $(CONFIG_FTRACE_MCOUNT_RECORD),$(MCOUNT_RECORDER) $@)

.PHONY: all runtime progs demo check bench clean help stage-ok tools-ok \
	fuzz recordmcount docs print-vars cc-tools exercise FORCE
all: runtime $(O)/demo

stage-ok:
	@if [ "$(STAGE)" = 5 ] && [ -n "$(STAGE5_REFUSED)" ]; then \
		echo "stage 5 is not available for ARCH=$(ARCH):" \
		     "$(STAGE5_REFUSED) (arch/$(ARCH)/arch.mk)" >&2; exit 1; fi
	@if [ -z "$(filter $(STAGE),$(STAGES))" ]; then \
		echo "stage $(STAGE) is not available for ARCH=$(ARCH)" \
		     "(it provides stages: $(or $(STAGES),none);" \
		     "see arch/$(ARCH)/arch.mk)" >&2; exit 1; fi
	@if [ -n "$(CONFIG_FTRACED)" ] && [ $(STAGE) != 3 ]; then \
		echo "the ftraced design (CONFIG_FTRACE_MCOUNT_RECORD off)" \
		     "is a stage 3 build" >&2; exit 1; fi

runtime: stage-ok $(O)/.tools-ok $(LIB) $(O)/dynamic-list $(MODULE_LIB) \
	$(EXE_LIB)

# The runtime is one relocatable object in which only the API is global:
# the mcount symbol, the ftrace_*/tracefs_* entry points of include/tracefs.h
# and include/linux/ftrace.h, the helpers of linux/stacktrace.h and
# linux/kallsyms.h, the per-thread counters the inline helpers of
# asm/irqflags.h and linux/hardirq.h read, and every C library function the
# runtime wraps (sigaction, signal: found by name in the target's libc.so.6).
# Every other name (tracing_on, trace_flags, register_tracer, ...) is made
# local, so a program may use it for its own globals.  The list is made
# from these patterns at each build.
API_SYMBOLS := $(MCOUNT_SYMBOL) ftrace_* tracefs_* register_ftrace_* \
	unregister_ftrace_* modify_ftrace_* prepare_ftrace_return return_to_handler \
	save_stack_trace ksym_* local_irq_* irq_count __wrap_* \
	fgraph_reserve_data fgraph_retrieve_data fgraph_retrieve_parent_data
empty :=
API_REGEX := $(subst $(empty) $(empty),|,$(subst *,.*,$(strip $(API_SYMBOLS))))

# Where the arch's position-independent code can reach another object's
# symbol only while that symbol is global (PIC_RUNTIME_GLOBALS, arch.mk),
# a PIE's runtime keeps those names global instead, each under the prefix
# __ftrace_kit_, which no program uses.
KEEP_GLOBALS := $(if $(CONFIG_PIE),$(PIC_RUNTIME_GLOBALS))
$(O)/runtime.o: $(RUNTIME_OBJS) $(O)/.flags Makefile
	$(LD) -r -o $@.all $(RUNTIME_OBJS)
	$(NM) -D --defined-only $$($(CC) -print-file-name=libc.so.6) | \
		awk 'NF == 3 { sub(/@.*/, "", $$3); print $$3 }' >$@.libc
	$(NM) -g --defined-only $@.all | awk 'NF == 3 { print $$3 }' >$@.globals
	{ grep -xE '$(API_REGEX)' $@.globals; \
	  grep -xF -f $@.libc $@.globals; } | sort -u >$(O)/api-symbols
ifdef KEEP_GLOBALS
	grep -vxF -f $(O)/api-symbols $@.globals | \
		sed 's/.*/& __ftrace_kit_&/' >$@.names
	$(OBJCOPY) --redefine-syms=$@.names $@.all $@
else
	$(OBJCOPY) --keep-global-symbols=$(O)/api-symbols $@.all $@
endif
	@rm -f $@.all $@.libc $@.globals $@.names

$(LIB): $(O)/runtime.o
	@rm -f $@
	$(AR) rcs $@ $^

# What the executable exports to the libraries it loads (TRACE_LIBS):
# the module hooks, and the interposed C library functions.  (ld exports
# the runtime's sigaction() and its kin without being asked: the C
# library defines them too.)
MODULE_SYMBOLS := $(MCOUNT_SYMBOL) ftrace_module_init ftrace_release_mod
$(O)/dynamic-list: Makefile $(wildcard $(addsuffix /Kbuild,$(SRC_DIRS)))
	@mkdir -p $(dir $@)
	@echo '{ $(addsuffix ;,$(MODULE_SYMBOLS) $(TRACE_INTERPOSE)) };' >$@

# The objects of a dynamically linked program only, in one; each
# interposed function must be defined there, or the program's own calls
# would miss the runtime.
$(O)/ftrace_exe.o: $(EXE_OBJS)
	$(LD) -r -o $@ $^
	@for f in $(TRACE_INTERPOSE); do \
		$(NM) --defined-only $@ | grep -q " T $$f$$" || { \
		echo "$@: interpose-y names $$f, which no exe-y object" \
		     "defines" >&2; rm -f $@; exit 1; }; done

$(O)/ftrace_module.o: $(MODULE_OBJS)
	$(LD) -r -o $@ $^

MODULE_CFLAGS := $(call pic-cflags,$(KIT_CFLAGS),-fPIC -fvisibility=hidden)
$(O)/mod/%.o: %.c $(O)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(MODULE_CFLAGS) -MMD -MP -c $< -o $@

$(O)/mod/%.o: %.S $(O)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(MODULE_CFLAGS) -D__ASSEMBLY__ -MMD -MP -c $< -o $@

$(O)/%.o: %.c $(O)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(filter-out $(CFLAGS_REMOVE_$(@F)),$(KIT_CFLAGS)) \
		$(CFLAGS_$(@F)) -MMD -MP -c $< -o $@

$(O)/%.o: %.S $(O)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(KIT_CFLAGS) -D__ASSEMBLY__ -MMD -MP -c $< -o $@

# Rebuild when the flags change (ARCH_CFLAGS, CROSS_COMPILE, a Kbuild's
# per-object CFLAGS_<obj>.o, the CONFIG_ switches and so the objects).
BUILD_FLAGS := $(CC) $(KIT_CFLAGS) $(foreach v,$(sort $(filter \
	CFLAGS_%.o,$(.VARIABLES))),$(v)=$($(v))) $(notdir $(RUNTIME_OBJS))
$(O)/.flags: FORCE
	@mkdir -p $(O)
	@echo '$(BUILD_FLAGS)' | cmp -s - $@ || \
		echo '$(BUILD_FLAGS)' > $@
FORCE:

# (not when only printing variables: scripts/ftrace-cc does that while
# another ftrace-cc may be rewriting these files)
ifneq ($(filter-out print-% stage-ok cc-tools,$(or $(MAKECMDGOALS),all)),)
-include $(RUNTIME_OBJS:.o=.d) $(MODULE_OBJS:.o=.d) $(EXE_OBJS:.o=.d)
endif

# Test and demo programs are built exactly as scripts/ftrace-cc builds a
# user's program: traced objects with -pg, linked without -pg.
$(O)/progs/%.o: tests/progs/%.c $(O)/.flags $(if $(CONFIG_FTRACE_MCOUNT_RECORD),$(RECORDMCOUNT))
	@mkdir -p $(dir $@)
	$(CC) -O2 -g $(TRACE_CFLAGS) -Iarch/$(ARCH)/tests -c $< -o $@
	$(RECORD_MCOUNT)
$(O)/%: $(O)/progs/%.o $(LIB) $(EXE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(TRACE_LDFLAGS) -o $@ \
		$(filter-out $(EXE_LIB),$(filter %.o,$^)) $(TRACE_LIBS)

# the FP test program links the arch's deliberately broken function
$(O)/graph/fptest: $(O)/progs/bad_frame.o
$(O)/progs/bad_frame.o: arch/$(ARCH)/tests/bad_frame.S $(O)/.flags $(if $(CONFIG_FTRACE_MCOUNT_RECORD),$(RECORDMCOUNT))
	@mkdir -p $(dir $@)
	$(CC) $(TRACE_CFLAGS) -D__ASSEMBLY__ -c $< -o $@
	$(RECORD_MCOUNT)

# chapter 8's direct calls: the arch's sample direct trampolines
ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
$(O)/entry/ops: $(O)/progs/direct_tramp.o
endif
$(O)/progs/direct_tramp.o: arch/$(ARCH)/tests/direct_tramp.S $(O)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(CODE_CFLAGS) -D__ASSEMBLY__ -c $< -o $@

progs: runtime $(addprefix $(O)/,$(TEST_PROGS))

demo:
	@scripts/install-deps --arch $(ARCH)
	@for s in $(STAGES); do \
		$(MAKE) -s --no-print-directory ARCH=$(ARCH) STAGE=$$s \
			all || exit 1; \
		scripts/demo --arch $(ARCH) --stage $$s || exit 1; \
	done

check:
	@scripts/install-deps $(if $(ALL_ARCHES_DEFAULT),--all,--arch $(ARCH)) --test
	@tests/run-tests.sh $(if $(ALL_ARCHES_DEFAULT),,--arch $(ARCH)) \
		$(if $(filter command line,$(origin STAGE)),--stage $(STAGE))

bench:
	@scripts/install-deps --arch x86_64 --bench
	@scripts/bench

recordmcount:
	@$(MAKE) -s -C recordmcount O=$(KIT)/build/host

$(RECORDMCOUNT): $(wildcard recordmcount/*.[ch]) arch/mips/include/asm/inst.h
	@$(MAKE) -s -C recordmcount O=$(KIT)/build/host

fuzz:
	@scripts/install-deps --fuzz
	@$(MAKE) -C recordmcount O=$(KIT)/build/host fuzz

# A plain build installs nothing: it names what is missing and stops
# (make demo, make check and scripts/install-deps do the installing).
tools-ok:
	@scripts/install-deps --arch $(ARCH) --check
	@command -v $(CC) >/dev/null || { echo "ftrace-kit: $(CC) not found" \
		"(CROSS_COMPILE=$(CROSS_COMPILE))" >&2; exit 1; }
# A runtime build checks once per build directory and compiler (every
# ftrace-cc link asks for the runtime; the check costs more than the rest).
$(O)/.tools-ok: FORCE
	@echo '$(CC) $(QEMU)' | cmp -s - $@ 2>/dev/null || { \
		$(MAKE) -s --no-print-directory tools-ok && \
		mkdir -p $(dir $@) && echo '$(CC) $(QEMU)' >$@; }
$(O)/.flags: | $(O)/.tools-ok

clean:
	rm -rf build

print-%:
	@echo '$($*)'

# Several variables in one make run, as NAME=value lines (scripts/ftrace-cc).
ifneq ($(origin VARS),command line)
VARS := CC CXX STAGES TRACE_CFLAGS TRACE_PIC_CFLAGS TRACE_LDFLAGS \
	TRACE_LIBS TRACE_STATIC_LIBS TRACE_SO_LIBS FTRACE_CC_RECORD RECORDMCOUNT \
	CONFIG_FUNCTION_GRAPH_TRACER GRAPH_REFUSED_CFLAGS ARCH_CFLAGS \
	HAVE_FTRACE_MODULES
endif
print-vars:
	@$(foreach v,$(VARS),echo '$(v)=$($(v))';)

# what scripts/ftrace-cc needs besides the runtime
cc-tools: $(if $(FTRACE_CC_RECORD),$(RECORDMCOUNT))

# docs/generated/: what each arch's gcc -pg emits, quoted by docs/00-*.md,
# and each stage-3 arch's sites before and after patching (docs/04-*.md),
# and each stage-4 arch's ftrace_graph_call off and on (docs/05-*.md),
# and a shared library's site and module PLT (docs/04-*.md, "Modules")
# (make docs ARCH=a: only that arch's files, and only its toolchain
# installed: what a port needs)
DOCS_ARCH := $(if $(ALL_ARCHES_DEFAULT),,--arch $(ARCH))
docs:
	@scripts/install-deps $(or $(DOCS_ARCH),--all)
	@scripts/gen-toolchain-excerpts $(DOCS_ARCH)
	@scripts/gen-dyn-sites $(DOCS_ARCH)
	@scripts/gen-dyngraph-sites $(DOCS_ARCH)
	@scripts/gen-module-sites $(DOCS_ARCH)

# A port exercise: arch/$(NEWARCH)/ from scripts/skeleton/ (docs/exercises.md)
exercise:
	@scripts/new-arch $(NEWARCH)

help:
	@echo 'ftrace-kit: the Function Tracer Design, rebuilt in user space'
	@echo
	@echo '  make [ARCH=a] [STAGE=n]  build stage n runtime and demo (default x86_64, 1)'
	@echo '  make demo [ARCH=a]       trace the demo program with every stage'
	@echo '  make check               all tests, every arch (ARCH=/STAGE= narrow it)'
	@echo '  make check ARCH=a STAGE=0  the recordmcount suites of one arch'
	@echo '  tests/run-tests.sh --arch a --stage n --suite test_x'
	@echo '                          one suite of one arch and stage'
	@echo '  make bench               x86_64 ns/call of each stage vs no -pg'
	@echo '  make docs [ARCH=a]       regenerate docs/generated/ (objdump of -pg code)'
	@echo '  make recordmcount        build the host tool into build/host'
	@echo '  make fuzz                short fuzzing run of recordmcount'
	@echo '  make exercise NEWARCH=a  start a port: arch/a/ as a skeleton (docs/exercises.md)'
	@echo '  make clean'
	@echo
	@echo '  arches: $(ARCHES);  ARCH=$(ARCH) provides stages: $(or $(STAGES),none)'
	@echo '  trace your own program:'
	@echo '    scripts/ftrace-cc --arch $(ARCH) --stage 1 -o prog prog.c'
	@echo '    scripts/ftrace-run --arch $(ARCH) --tracer function -- ./prog'
