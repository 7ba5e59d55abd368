#ifndef SCENEC_CFONTCONFIG_SHIM_H
#define SCENEC_CFONTCONFIG_SHIM_H
/* fontconfig, so that the PNG backend renders text with the pinned fonts only. Only
   Sources/PNGBackend/PinnedFonts.swift imports this module. */
#include <fontconfig/fontconfig.h>
#endif
