#ifndef CATALOG_CYAML_SHIM_H
#define CATALOG_CYAML_SHIM_H
#include <yaml.h>
#endif
