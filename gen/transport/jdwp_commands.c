/* jdwp_commands.c — the JDWP command sets and their commands by number, one
 * row per command, and the protocol's error codes, as the JDWP
 * specification numbers them: what the transport trace prints instead of
 * "(1,7)" and "error=41".  Tables, so that a new command is one new row. */
#include <stddef.h>

#include "dtc_runtime.h"

typedef struct row { int set, cmd; const char *name; } row;

static const row sets[] = {
    { 1, 0, "VirtualMachine" }, { 2, 0, "ReferenceType" }, { 3, 0, "ClassType" },
    { 4, 0, "ArrayType" }, { 5, 0, "InterfaceType" }, { 6, 0, "Method" }, { 8, 0, "Field" },
    { 9, 0, "ObjectReference" }, { 10, 0, "StringReference" }, { 11, 0, "ThreadReference" },
    { 12, 0, "ThreadGroupReference" }, { 13, 0, "ArrayReference" }, { 14, 0, "ClassLoaderReference" },
    { 15, 0, "EventRequest" }, { 16, 0, "StackFrame" }, { 17, 0, "ClassObjectReference" },
    { 18, 0, "ModuleReference" }, { 64, 0, "Event" },
};

static const row commands[] = {
    { 1, 1, "Version" }, { 1, 2, "ClassesBySignature" }, { 1, 3, "AllClasses" }, { 1, 4, "AllThreads" },
    { 1, 5, "TopLevelThreadGroups" }, { 1, 6, "Dispose" }, { 1, 7, "IDSizes" }, { 1, 8, "Suspend" },
    { 1, 9, "Resume" }, { 1, 10, "Exit" }, { 1, 11, "CreateString" }, { 1, 12, "Capabilities" },
    { 1, 13, "ClassPaths" }, { 1, 14, "DisposeObjects" }, { 1, 15, "HoldEvents" }, { 1, 16, "ReleaseEvents" },
    { 1, 17, "CapabilitiesNew" }, { 1, 18, "RedefineClasses" }, { 1, 19, "SetDefaultStratum" },
    { 1, 20, "AllClassesWithGeneric" }, { 1, 21, "InstanceCounts" }, { 1, 22, "AllModules" },
    { 2, 1, "Signature" }, { 2, 2, "ClassLoader" }, { 2, 3, "Modifiers" }, { 2, 4, "Fields" },
    { 2, 5, "Methods" }, { 2, 6, "GetValues" }, { 2, 7, "SourceFile" }, { 2, 8, "NestedTypes" },
    { 2, 9, "Status" }, { 2, 10, "Interfaces" }, { 2, 11, "ClassObject" }, { 2, 12, "SourceDebugExtension" },
    { 2, 13, "SignatureWithGeneric" }, { 2, 14, "FieldsWithGeneric" }, { 2, 15, "MethodsWithGeneric" },
    { 2, 16, "Instances" }, { 2, 17, "ClassFileVersion" }, { 2, 18, "ConstantPool" }, { 2, 19, "Module" },
    { 3, 1, "Superclass" }, { 3, 2, "SetValues" }, { 3, 3, "InvokeMethod" }, { 3, 4, "NewInstance" },
    { 4, 1, "NewInstance" },
    { 5, 1, "InvokeMethod" },
    { 6, 1, "LineTable" }, { 6, 2, "VariableTable" }, { 6, 3, "Bytecodes" }, { 6, 4, "IsObsolete" },
    { 6, 5, "VariableTableWithGeneric" },
    { 9, 1, "ReferenceType" }, { 9, 2, "GetValues" }, { 9, 3, "SetValues" }, { 9, 5, "MonitorInfo" },
    { 9, 6, "InvokeMethod" }, { 9, 7, "DisableCollection" }, { 9, 8, "EnableCollection" },
    { 9, 9, "IsCollected" }, { 9, 10, "ReferringObjects" },
    { 10, 1, "Value" },
    { 11, 1, "Name" }, { 11, 2, "Suspend" }, { 11, 3, "Resume" }, { 11, 4, "Status" },
    { 11, 5, "ThreadGroup" }, { 11, 6, "Frames" }, { 11, 7, "FrameCount" }, { 11, 8, "OwnedMonitors" },
    { 11, 9, "CurrentContendedMonitor" }, { 11, 10, "Stop" }, { 11, 11, "Interrupt" },
    { 11, 12, "SuspendCount" }, { 11, 13, "OwnedMonitorsStackDepthInfo" }, { 11, 14, "ForceEarlyReturn" },
    { 11, 15, "IsVirtual" },
    { 12, 1, "Name" }, { 12, 2, "Parent" }, { 12, 3, "Children" },
    { 13, 1, "Length" }, { 13, 2, "GetValues" }, { 13, 3, "SetValues" },
    { 14, 1, "VisibleClasses" },
    { 15, 1, "Set" }, { 15, 2, "Clear" }, { 15, 3, "ClearAllBreakpoints" },
    { 16, 1, "GetValues" }, { 16, 2, "SetValues" }, { 16, 3, "ThisObject" }, { 16, 4, "PopFrames" },
    { 17, 1, "ReflectedType" },
    { 18, 1, "Name" }, { 18, 2, "ClassLoader" },
    { 64, 100, "Composite" },
};

/* JDWP's error codes (the protocol's Error constants), for replies. */
typedef struct err_row { int code; const char *name; } err_row;

static const err_row errors[] = {
    { 0, "NONE" }, { 10, "INVALID_THREAD" }, { 11, "INVALID_THREAD_GROUP" }, { 12, "INVALID_PRIORITY" },
    { 13, "THREAD_NOT_SUSPENDED" }, { 14, "THREAD_SUSPENDED" }, { 15, "THREAD_NOT_ALIVE" },
    { 20, "INVALID_OBJECT" }, { 21, "INVALID_CLASS" }, { 22, "CLASS_NOT_PREPARED" }, { 23, "INVALID_METHODID" },
    { 24, "INVALID_LOCATION" }, { 25, "INVALID_FIELDID" }, { 30, "INVALID_FRAMEID" }, { 31, "NO_MORE_FRAMES" },
    { 32, "OPAQUE_FRAME" }, { 33, "NOT_CURRENT_FRAME" }, { 34, "TYPE_MISMATCH" }, { 35, "INVALID_SLOT" },
    { 40, "DUPLICATE" }, { 41, "NOT_FOUND" }, { 42, "INVALID_MODULE" }, { 50, "INVALID_MONITOR" },
    { 51, "NOT_MONITOR_OWNER" }, { 52, "INTERRUPT" }, { 60, "INVALID_CLASS_FORMAT" },
    { 61, "CIRCULAR_CLASS_DEFINITION" }, { 62, "FAILS_VERIFICATION" }, { 63, "ADD_METHOD_NOT_IMPLEMENTED" },
    { 64, "SCHEMA_CHANGE_NOT_IMPLEMENTED" }, { 65, "INVALID_TYPESTATE" },
    { 66, "HIERARCHY_CHANGE_NOT_IMPLEMENTED" }, { 67, "DELETE_METHOD_NOT_IMPLEMENTED" },
    { 68, "UNSUPPORTED_VERSION" }, { 69, "NAMES_DONT_MATCH" }, { 70, "CLASS_MODIFIERS_CHANGE_NOT_IMPLEMENTED" },
    { 71, "METHOD_MODIFIERS_CHANGE_NOT_IMPLEMENTED" }, { 72, "CLASS_ATTRIBUTE_CHANGE_NOT_IMPLEMENTED" },
    { 99, "NOT_IMPLEMENTED" }, { 100, "NULL_POINTER" }, { 101, "ABSENT_INFORMATION" },
    { 102, "INVALID_EVENT_TYPE" }, { 103, "ILLEGAL_ARGUMENT" }, { 110, "OUT_OF_MEMORY" },
    { 111, "ACCESS_DENIED" }, { 112, "VM_DEAD" }, { 113, "INTERNAL" }, { 115, "UNATTACHED_THREAD" },
    { 500, "INVALID_TAG" }, { 502, "ALREADY_INVOKING" }, { 503, "INVALID_INDEX" }, { 504, "INVALID_LENGTH" },
    { 506, "INVALID_STRING" }, { 507, "INVALID_CLASS_LOADER" }, { 508, "INVALID_ARRAY" },
    { 509, "TRANSPORT_LOAD" }, { 510, "TRANSPORT_INIT" }, { 511, "NATIVE_METHOD" }, { 512, "INVALID_COUNT" },
};

const char *dtc_jdwp_error_name(int code)
{
    for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
        if (errors[i].code == code)
            return errors[i].name;
    return NULL;
}

const char *dtc_command_set_name(int set)
{
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
        if (sets[i].set == set)
            return sets[i].name;
    return NULL;
}

const char *dtc_command_name(int set, int cmd)
{
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (commands[i].set == set && commands[i].cmd == cmd)
            return commands[i].name;
    return NULL;
}
