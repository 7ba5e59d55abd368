#ifndef SCENEC_CPANGO_SHIM_H
#define SCENEC_CPANGO_SHIM_H
/* Pango through its cairo font map, to measure text exactly as librsvg lays it out. Only
   Sources/TextMeasurement/PangoMeasurer.swift imports this module. */
#include <pango/pangocairo.h>
#endif
