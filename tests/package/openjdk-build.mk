# openjdk-build.mk — the least of OpenJDK's make framework that its
# GensrcJvmti.gmk (JDK 11 to 25) and jvmti.make (JDK 8) need to run under
# GNU make with jvmtigen as their jvmtiGen (tests/package/openjdk-build.sh reads
# those makefiles from ../shared and runs them after this file).  Our own
# stand-ins, written from what the makefiles call, not OpenJDK's code:
# Java compilation and copying do nothing (jvmtiGen is not built: jvmtigen
# replaces it), a rule runs its command as it is, and no directory is made
# for an output (jvmtigen makes it).

# $(call M, NAME, KEY := VALUE, ...) where M = $(NamedParamsMacroTemplate):
# sets NAME_KEY := VALUE for each argument, then expands MBody with NAME.
define newline


endef
define NamedParamsMacroTemplate
$(foreach i,2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20,$(if $(strip $($i)),$(strip $1)_$(strip $(subst $$,$$$$,$($i)))$(newline)))
$(call $(0)Body,$(strip $1))
endef

# JDK 17+: a rule that makes OUTPUT_FILE from DEPS with COMMAND.
SetupExecute = $(NamedParamsMacroTemplate)
define SetupExecuteBody
  $1_TARGET := $$($1_OUTPUT_FILE)
  $$($1_OUTPUT_FILE): $$($1_DEPS)
	$$($1_COMMAND)
endef

# JDK 11: the recipe's helpers.
LogInfo = $(info $(strip $1))
MakeDir =
ExecuteWithLog = $(strip $2)

# Java compilation (jvmtiGen, jvmtiEnvFill), copying jvmti.h elsewhere,
# custom extensions: nothing to do here.
SetupJavaCompiler =
SetupJavaCompilation =
SetupCopyFiles =
IncludeCustomExtension =

# JDK 8 (jvmti.make): javac builds jvmtiGen.class, which jvmtigen makes
# unused; java runs jvmtiEnvFill, which is not jvmtiGen (left out here).
COMPILE.JAVAC = :
RUN.JAVA = :

# Everything the makefile adds to TARGETS (JDK 11+), once it is read.
.SECONDEXPANSION:
gensrc-jvmti: $$(TARGETS)
.PHONY: gensrc-jvmti
