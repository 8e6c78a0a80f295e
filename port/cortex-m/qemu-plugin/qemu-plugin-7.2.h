/*
 * The subset of QEMU 7.2's TCG plugin API (include/qemu/qemu-plugin.h,
 * plugin API version 1) used by tact_icount.c. Debian ships
 * qemu-system-arm 7.2 with plugin support but without this header, so the
 * declarations are repeated here; names, types and enum values follow
 * QEMU 7.2 exactly (the symbols are exported by the qemu-system-* binary
 * and resolved when QEMU loads the plugin).
 *
 * Versions: QEMU 7.2 accepts plugins whose qemu_plugin_version lies in
 * [QEMU_PLUGIN_MIN_VERSION = 0, QEMU_PLUGIN_VERSION = 1]. QEMU 8.x/9.x
 * changed parts of this API (version 2 removed the *_exec_inline calls and
 * made qemu_plugin_insn_data copy into a buffer), so this header is for 7.2.
 */
#ifndef TACT_QEMU_PLUGIN_7_2_H
#define TACT_QEMU_PLUGIN_7_2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
#define QEMU_PLUGIN_VERSION 1

typedef uint64_t qemu_plugin_id_t;

extern QEMU_PLUGIN_EXPORT int qemu_plugin_version;

typedef struct qemu_info_t {
  const char *target_name; /* "arm" for qemu-system-arm */
  struct {
    int min;
    int cur;
  } version;
  bool system_emulation;
  union {
    struct {
      int smp_vcpus;
      int max_vcpus;
    } system;
  };
} qemu_info_t;

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv);

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);

struct qemu_plugin_tb;   /* opaque: a translation block being translated */
struct qemu_plugin_insn; /* opaque: one instruction of it */

enum qemu_plugin_cb_flags {
  QEMU_PLUGIN_CB_NO_REGS,
  QEMU_PLUGIN_CB_R_REGS,
  QEMU_PLUGIN_CB_RW_REGS,
};

enum qemu_plugin_op {
  QEMU_PLUGIN_INLINE_ADD_U64,
};

typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
                                                enum qemu_plugin_op op, void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb,
                                    void *userdata);
/* Prints through QEMU's log: visible only with -d plugin. */
void qemu_plugin_outs(const char *string);

#endif
