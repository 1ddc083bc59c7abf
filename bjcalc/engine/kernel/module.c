/* The compiled kernel as a module: the interface's version that the loader checks, and the stub
 * that lets setuptools build the kernel's C files (kernel.h lists them) as one extension module.
 */
#include "kernel.h"

/* The interface's version: bjcalc/engine/_kernels.py loads a build only when it says the version the
 * loader was written for (BJCALC_ABI there), so no function is ever called with another build's
 * arguments.  Raise it with any change to a function's arguments. */
int bjcalc_abi_version(void) { return 6; }

/* Not a Python module: present only so the file builds as an extension. */
void *PyInit__dealer_kernel(void) { return NULL; }
