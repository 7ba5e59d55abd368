// ---- scenec runtime: the scene language's values, builtins and drawing on a Canvas 2D context ----
// Embedded in every module `scenec export --ts` writes (self-contained: nothing to install).
// Values follow the evaluator (Sources/SceneEvaluator): an int is a bigint (Swift's Int: 64 bits,
// overflow is an error), a number a JS number (never NaN or infinite: that is an error), a color
// a $Color, a list an array, none is null. Every failure throws a $SceneError, which the scene's
// draw function catches and returns: nothing escapes to the app.

/** A failure while drawing a scene: what went wrong and where (`file:line:column`). */
export class SceneError {
  constructor(readonly code: string, readonly message: string, readonly location: string) {}
  toString(): string { return `${this.location}: error[${this.code}]: ${this.message}`; }
}

/** A non-premultiplied sRGB color, channels 0…1. */
export class $Color {
  constructor(readonly r: number, readonly g: number, readonly b: number, readonly a: number) {}
}

class $Gradient {
  constructor(readonly stops: [number, $Color][], readonly extend: string) {}
}
class $Linear {
  constructor(readonly stops: [number, $Color][], readonly x0: number, readonly y0: number,
              readonly x1: number, readonly y1: number, readonly extend: string) {}
}
class $Radial {
  constructor(readonly stops: [number, $Color][], readonly x0: number, readonly y0: number, readonly r0: number,
              readonly x1: number, readonly y1: number, readonly r1: number, readonly extend: string) {}
}
/** `conic(g, cx, cy, angle)`: Canvas 2D's createConicGradient(angle, cx, cy), clockwise from +x as scenec's. */
class $Conic {
  constructor(readonly stops: [number, $Color][], readonly cx: number, readonly cy: number, readonly angle: number) {}
}

type $Value = bigint | number | boolean | string | $Color | $Value[] | $Gradient | $Linear | $Radial | $Conic | null;
type $Paint = $Color | $Linear | $Radial | $Conic;

const $INT_MIN = -(2n ** 63n);
const $INT_MAX = 2n ** 63n - 1n;
/** The evaluator's limits (EvaluationLimits): the same inputs fail the same way here. */
const $MAX_COORDINATE = 1e9;
const $MAX_LOOP_ITERATIONS = 2_000_000;
const $MAX_LIST = 100_000;
const $MAX_STRING = 65_536;

function $fail(code: string, message: string, at: string): never {
  throw new SceneError(code, message, at);
}

function $typeName(v: $Value): string {
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "string") return "string";
  if (v === null) return "none";
  if (v instanceof $Color) return "color";
  if (Array.isArray(v)) return "list";
  if (v instanceof $Gradient) return "gradient";
  return "paint";
}

function $isNumeric(v: $Value): v is bigint | number { return typeof v === "bigint" || typeof v === "number"; }

function $num(v: $Value, at: string, what = "a number"): number {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  return $fail("E0408", `expected ${what}, not ${$typeName(v)}`, at);
}

function $int(v: bigint, at: string): bigint {
  if (v < $INT_MIN || v > $INT_MAX) $fail("E0502", "integer overflow", at);
  return v;
}

function $finite(v: number, at: string): number {
  if (!Number.isFinite(v)) $fail("E0503", "result is not a finite number", at);
  return v === 0 ? 0 : v;
}

function $bool(v: $Value, at: string): boolean {
  if (typeof v !== "boolean") $fail("E0408", `expected a bool, not ${$typeName(v)}`, at);
  return v;
}

// ---- operators ----

function $neg(a: $Value, at: string): $Value {
  if (typeof a === "bigint") return $int(-a, at);
  if (typeof a === "number") return a === 0 ? 0 : -a;
  return $fail("E0408", `'-' needs a number, not ${$typeName(a)}`, at);
}
function $plus(a: $Value, at: string): $Value {
  if ($isNumeric(a)) return a;
  return $fail("E0408", `'+' needs a number, not ${$typeName(a)}`, at);
}
function $not(a: $Value, at: string): boolean { return !$bool(a, at); }

function $arith(op: string, a: $Value, b: $Value, at: string): $Value {
  if (op === "+" && typeof a === "string" && typeof b === "string") {
    const joined = a + b;
    if ($utf8Length(joined) > $MAX_STRING) $fail("E0609", `string is longer than the limit of ${$MAX_STRING} bytes`, at);
    return joined;
  }
  if (!$isNumeric(a)) $fail("E0408", `'${op}' needs numbers, not ${$typeName(a)}`, at);
  if (!$isNumeric(b)) $fail("E0408", `'${op}' needs numbers, not ${$typeName(b)}`, at);
  if (typeof a === "bigint" && typeof b === "bigint") {
    switch (op) {
      case "+": return $int(a + b, at);
      case "-": return $int(a - b, at);
      case "*": return $int(a * b, at);
      case "/":
        if (b === 0n) $fail("E0501", "division by zero", at);
        return Number(a) / Number(b);
      case "//": case "%": {
        if (b === 0n) $fail("E0501", "division by zero", at);
        // Swift's truncating division and remainder, as BigInt's.
        return op === "//" ? $int(a / b, at) : a % b;
      }
    }
  }
  const l = Number(a), r = Number(b);
  switch (op) {
    case "+": return $finite(l + r, at);
    case "-": return $finite(l - r, at);
    case "*": return $finite(l * r, at);
    case "/":
      if (r === 0) $fail("E0501", "division by zero", at);
      return $finite(l / r, at);
    case "%":
      if (r === 0) $fail("E0501", "division by zero", at);
      return $finite(l % r, at);
    default:
      return $fail("E0408", "'//' divides ints, not numbers", at);
  }
}

function $equal(a: $Value, b: $Value, at: string): boolean {
  if ($isNumeric(a) && $isNumeric(b)) {
    if (typeof a === "bigint" && typeof b === "bigint") return a === b;
    return Number(a) === Number(b);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => $isNumeric(x) && $isNumeric(b[i]) ? Number(x) === Number(b[i]) : $same(x, b[i]));
  }
  if ($typeName(a) !== $typeName(b)) $fail("E0408", `cannot compare ${$typeName(a)} with ${$typeName(b)}`, at);
  return $same(a, b);
}
function $same(a: $Value, b: $Value): boolean {
  if (a instanceof $Color && b instanceof $Color) return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
  if (typeof a !== "object" || a === null) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}
function $compare(op: string, a: $Value, b: $Value, at: string): boolean {
  if (!$isNumeric(a) || !$isNumeric(b)) $fail("E0408", `'${op}' compares numbers, not ${$typeName($isNumeric(a) ? b : a)}`, at);
  const [l, r] = typeof a === "bigint" && typeof b === "bigint" ? [a, b] : [Number(a), Number(b)];
  switch (op) {
    case "<": return l < r;
    case "<=": return l <= r;
    case ">": return l > r;
    default: return l >= r;
  }
}

function $list(items: $Value[], at: string): $Value[] {
  if (items.length > $MAX_LIST) $fail("E0608", `list has ${items.length} elements; the limit is ${$MAX_LIST}`, at);
  for (const item of items) {
    if (!($isNumeric(item) || typeof item === "string" || item instanceof $Color)) {
      $fail("E0408", `lists hold numbers, strings or colors, not ${$typeName(item)}`, at);
    }
    if (!$sameKind(items[0], item)) $fail("E0408", "a list holds one kind of element", at);
  }
  return items;
}
function $sameKind(a: $Value, b: $Value): boolean {
  if ($isNumeric(a) && $isNumeric(b)) return true;
  return (typeof a === "string" && typeof b === "string") || (a instanceof $Color && b instanceof $Color);
}

function $index(list: $Value, i: $Value, at: string): $Value {
  if (!Array.isArray(list)) return $fail("E0408", `only lists can be indexed, not ${$typeName(list)}`, at);
  if (typeof i !== "bigint") return $fail("E0408", `a list index must be an int, not ${$typeName(i)}`, at);
  if (i < 0n || i >= BigInt(list.length)) $fail("E0504", `index ${i} is out of range for a list of ${list.length} elements`, at);
  return list[Number(i)];
}

function $utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) { const c = ch.codePointAt(0)!; n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4; }
  return n;
}

// ---- numbers as text ----

/** Swift's rounded(): to nearest, halves away from zero. */
function $roundHalfAway(v: number): number { return v < 0 ? -Math.round(-v) : Math.round(v); }

/** NumberFormat.format: up to `decimals` decimals, trailing zeros trimmed, never "-0". */
function $formatNumber(v: number, decimals = 4): string {
  if (!Number.isFinite(v)) return "0";
  const scaled = $roundHalfAway(v * 10 ** decimals);
  if (scaled === 0) return "0";
  const negative = scaled < 0;
  let digits = BigInt(Math.abs(scaled)).toString().padStart(decimals + 1, "0");
  let whole = digits.slice(0, digits.length - decimals), fraction = digits.slice(digits.length - decimals);
  fraction = fraction.replace(/0+$/, "");
  return (negative ? "-" : "") + whole + (fraction ? "." + fraction : "");
}

/** Builtins.fixed: exactly `decimals` decimals, halves away from zero, "-0" never. */
function $fixed(x: number, decimals: number): string {
  const v = Number.isFinite(x) ? x : 0;
  const scale = 10 ** decimals;
  let whole = Math.trunc(Math.abs(v));
  let fraction = $roundHalfAway((Math.abs(v) - whole) * scale);
  if (fraction >= scale) { fraction -= scale; whole += 1; }
  const fractionText = String(fraction).padStart(decimals, "0");
  const sign = v < 0 && (whole !== 0 || fraction !== 0) ? "-" : "";
  return sign + BigInt(whole).toString() + (decimals > 0 ? "." + fractionText : "");
}

function $hex2(v: number): string {
  const byte = Number.isFinite(v) ? Math.round(Math.min(1, Math.max(0, v)) * 255) : 0;
  return byte.toString(16).padStart(2, "0");
}

/** How `{value}` reads in a <text> (Evaluation.text(of:)). */
function $show(v: $Value, at: string): string {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return $formatNumber(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return v;
  if (v instanceof $Color) return "#" + $hex2(v.r) + $hex2(v.g) + $hex2(v.b) + $hex2(v.a);
  if (Array.isArray(v)) return v.map((x) => $show(x, at)).join(", ");
  return $fail("E0803", `${$typeName(v)} cannot be shown as text`, at);
}

// ---- builtins (Sources/SceneEvaluator/Builtins.swift) ----

function $unitClamp(v: number): number { return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0; }
function $color(r: number, g: number, b: number, a = 1): $Color {
  return new $Color($unitClamp(r), $unitClamp(g), $unitClamp(b), $unitClamp(a));
}

function $exactSinCos(angle: number): [number, number] {
  const quarter = angle / (Math.PI / 2);
  const rounded = $roundHalfAway(quarter);
  if (Math.abs(quarter - rounded) < 1e-12 && Math.abs(rounded) < 1e15) {
    switch (((rounded % 4) + 4) % 4) {
      case 0: return [0, 1];
      case 1: return [1, 0];
      case 2: return [0, -1];
      default: return [-1, 0];
    }
  }
  return [Math.sin(angle), Math.cos(angle)];
}

function $date(v: $Value, at: string): number {
  if (typeof v !== "string") return $fail("E0408", `expected a date such as '2026-11-21', not ${$typeName(v)}`, at);
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(v);
  const bad = (): never => $fail("E0512", `'${v}' is not a date; write YYYY-MM-DD, such as '2026-11-21'`, at);
  if (!m) return bad();
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > $daysIn(mo, y)) return bad();
  return $dayNumber(y, mo, d);
}
function $daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
function $dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.trunc((y >= 0 ? y : y - 399) / 400);
  const yoe = y - era * 400;
  const doy = Math.trunc((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.trunc(yoe / 4) - Math.trunc(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
function $dateText(z0: number, at: string): string {
  const z = z0 + 719468;
  const era = Math.trunc((z >= 0 ? z : z - 146096) / 146097);
  const doe = z - era * 146097;
  const yoe = Math.trunc((doe - Math.trunc(doe / 1460) + Math.trunc(doe / 36524) - Math.trunc(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.trunc(yoe / 4) - Math.trunc(yoe / 100));
  const mp = Math.trunc((5 * doy + 2) / 153);
  const d = doy - Math.trunc((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 1 || y > 9999) $fail("E0512", "the date falls outside the years 1 to 9999", at);
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
const $weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
function $weekday(day: number): number { return (((day % 7) + 7 + 4) % 7); }

function $hsb(h: number, s: number, v: number, alpha: number): $Color {
  const sector = (h * 6) % 6;
  const i = Math.floor(sector);
  const f = sector - i;
  const p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  const rgb = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v]][i] ?? [v, p, q];
  return $color(rgb[0], rgb[1], rgb[2], alpha);
}

function $hsl(c: $Color): [number, number, number] {
  const high = Math.max(c.r, c.g, c.b), low = Math.min(c.r, c.g, c.b);
  const lightness = (high + low) / 2;
  const chroma = high - low;
  if (!(chroma > 0)) return [0, 0, lightness];
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  let h: number;
  if (high === c.r) h = ((c.g - c.b) / chroma) % 6;
  else if (high === c.g) h = (c.b - c.r) / chroma + 2;
  else h = (c.r - c.g) / chroma + 4;
  if (h < 0) h += 6;
  return [h / 6, saturation, lightness];
}
function $fromHsl(hue: number, saturation: number, lightness: number, alpha: number): $Color {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = hue * 6;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const rgb = [[chroma, x, 0], [x, chroma, 0], [0, chroma, x], [0, x, chroma], [x, 0, chroma]][Math.floor(h)] ?? [chroma, 0, x];
  const m = lightness - chroma / 2;
  return $color(rgb[0] + m, rgb[1] + m, rgb[2] + m, alpha);
}
function $mix(a: $Color, b: $Color, t: number): $Color {
  const wa = 1 - t, wb = t;
  const alpha = a.a * wa + b.a * wb;
  const channel = (x: number, y: number): number =>
    alpha > 0 ? $unitClamp((x * a.a * wa + y * b.a * wb) / alpha) : x * wa + y * wb;
  return $color(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b), $unitClamp(alpha));
}

// ---- color introspection and string functions (ColorIntrospection.swift, TextCase.swift) ----

/** WCAG 2's relative luminance, alpha ignored. */
function $luminance(c: $Color): number {
  const linear = (v: number): number => v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}
/** Each code point by Unicode's full case mapping on its own: no locale, no context (a final Σ stays σ). */
function $caseMapped(s: string, upper: boolean): string {
  if (/^[\x00-\x7f]*$/.test(s)) return upper ? s.toUpperCase() : s.toLowerCase();
  let out = "";
  for (const ch of s) out += upper ? ch.toUpperCase() : ch.toLowerCase();
  return out;
}
/** At most n code points: the first n − 1 less trailing spaces, and "…", when the text is longer. */
function $truncate(s: string, n: number): string {
  const chars = [...s];
  if (chars.length <= n) return s;
  return chars.slice(0, n - 1).join("").replace(/ +$/, "") + "\u2026";
}

/** A call of a builtin function with its evaluated arguments (the static checker saw the count). */
/** The font families text may use (the pinned ones and the project's) and how text is measured. */
type $Fonts = { families: string[]; measure: (text: string, family: string, size: number, weight: number) => number };

function $call(name: string, args: $Value[], at: string, fonts: $Fonts): $Value {
  const n = (i: number): number => $num(args[i], at);
  const coordinate = (i: number): number => {
    const v = n(i);
    if (Math.abs(v) > $MAX_COORDINATE) $fail("E0611", `${$formatNumber(v)} is too large for a coordinate; the limit is ±1000000000`, at);
    return v;
  };
  const unit = (i: number, what: string): number => {
    const v = n(i);
    if (!(v >= 0 && v <= 1)) $fail("E0506", `${what} must be between 0 and 1, not ${$formatNumber(v)}`, at);
    return v;
  };
  const channel = (i: number): number => {
    const v = n(i);
    if (!(v >= 0 && v <= 255)) $fail("E0506", `color channels run from 0 to 255, not ${$formatNumber(v)}`, at);
    return v;
  };
  const list = (i: number): $Value[] => {
    const v = args[i];
    if (!Array.isArray(v)) return $fail("E0408", `${name}() needs a list, not ${$typeName(v)}`, at);
    return v;
  };
  const numberList = (i: number): (bigint | number)[] => {
    const items = list(i);
    if (!items.every($isNumeric)) $fail("E0408", `${name}() needs a list of numbers`, at);
    return items as (bigint | number)[];
  };
  const color = (i: number): $Color => {
    const v = args[i];
    if (!(v instanceof $Color)) return $fail("E0408", `${name}() needs a color here, not ${$typeName(v)}`, at);
    return v;
  };
  const text = (i: number): string => {
    const v = args[i];
    if (typeof v !== "string") return $fail("E0408", `${name}() needs a string here, not ${$typeName(v)}`, at);
    return v;
  };
  const result = (v: number): number => $finite(v, at);
  const allInts = (items: $Value[]): boolean => items.every((x) => typeof x === "bigint");
  const numbers = (): (bigint | number)[] => {
    if (args.length === 1 && Array.isArray(args[0])) {
      const items = numberList(0);
      if (items.length === 0) $fail("E0513", `${name}() of an empty list`, at);
      return items;
    }
    args.forEach((_, i) => n(i));
    return args as (bigint | number)[];
  };
  switch (name) {
    case "min": case "max": {
      if (args.length === 1 && $isNumeric(args[0])) $fail("E0409", `${name}() needs two or more numbers, or a list`, at);
      const items = numbers();
      let best = items[0];
      for (const item of items.slice(1)) {
        if (name === "min" ? Number(item) < Number(best) : Number(item) > Number(best)) best = item;
      }
      return allInts(items) ? best : Number(best);
    }
    case "abs":
      if (typeof args[0] === "bigint") return $int(args[0] < 0n ? -args[0] : args[0], at);
      return result(Math.abs(n(0)));
    case "sqrt": {
      const v = n(0);
      if (v < 0) $fail("E0506", `sqrt() of a negative number (${$formatNumber(v)})`, at);
      return result(Math.sqrt(v));
    }
    case "pow": return result(Math.pow(n(0), n(1)));
    case "sin": return result($exactSinCos(n(0))[0]);
    case "cos": return result($exactSinCos(n(0))[1]);
    case "tan": {
      const [s, c] = $exactSinCos(n(0));
      if (c === 0) $fail("E0503", "tan() is infinite at this angle", at);
      return result(s / c);
    }
    case "asin": case "acos": {
      const v = n(0);
      if (!(v >= -1 && v <= 1)) $fail("E0506", `${name}() needs a value between -1 and 1, not ${$formatNumber(v)}`, at);
      return result(name === "asin" ? Math.asin(v) : Math.acos(v));
    }
    case "atan": return result(Math.atan(n(0)));
    case "atan2": return result(Math.atan2(n(0), n(1)));
    case "floor": case "ceil": case "round": {
      if (typeof args[0] === "bigint") return args[0];
      const v = n(0);
      return result(name === "floor" ? Math.floor(v) : name === "ceil" ? Math.ceil(v) : $roundHalfAway(v));
    }
    case "int": {
      if (typeof args[0] === "bigint") return args[0];
      const v = Math.trunc(n(0));
      if (!Number.isFinite(v) || v >= 9223372036854775808 || v < -9223372036854775808) {
        $fail("E0506", "this number is too large for an int (ints run to ±9.2e18)", at);
      }
      return BigInt(v);
    }
    case "number": return n(0);
    case "clamp": {
      const [x, low, high] = [n(0), n(1), n(2)];
      if (!(low <= high)) $fail("E0515", `clamp() needs low ≤ high, but ${$formatNumber(low)} > ${$formatNumber(high)}`, at);
      const v = Math.min(Math.max(x, low), high);
      if (allInts(args) && Number.isInteger(v)) return BigInt(v);
      return result(v);
    }
    case "radians": return result(n(0) * Math.PI / 180);
    case "degrees": return result(n(0) * 180 / Math.PI);
    case "count": return BigInt(list(0).length);
    case "sum": {
      const items = numberList(0);
      if (allInts(items)) {
        let total = 0n;
        for (const v of items as bigint[]) total = $int(total + v, at);
        return total;
      }
      return result(items.reduce((t: number, v) => t + Number(v), 0));
    }
    case "runningSum": {
      const items = numberList(0);
      if (allInts(items)) {
        let total = 0n;
        return (items as bigint[]).map((v) => (total = $int(total + v, at)));
      }
      let total = 0;
      return items.map((v) => result(total += Number(v)));
    }
    case "slice": {
      const items = list(0);
      const bound = (i: number, what: string): number => {
        const v = args[i];
        if (typeof v !== "bigint") return $fail("E0408", `slice() needs an int ${what}, not ${$typeName(v)}`, at);
        if (v < 0n || v > BigInt(items.length)) $fail("E0504", `${what} ${v} is out of range for a list of ${items.length} elements`, at);
        return Number(v);
      };
      const start = bound(1, "start"), end = bound(2, "end");
      if (start > end) $fail("E0515", `slice() needs start ≤ end, but ${start} > ${end}`, at);
      return items.slice(start, end);
    }
    case "rgb": return $color(channel(0) / 255, channel(1) / 255, channel(2) / 255);
    case "rgba": return $color(channel(0) / 255, channel(1) / 255, channel(2) / 255, unit(3, "alpha"));
    case "white": {
      const w = unit(0, "white");
      return $color(w, w, w, args.length === 2 ? unit(1, "alpha") : 1);
    }
    case "hsb":
      return $hsb(unit(0, "hue"), unit(1, "saturation"), unit(2, "brightness"), args.length === 4 ? unit(3, "alpha") : 1);
    case "withAlpha": { const c = color(0); return $color(c.r, c.g, c.b, unit(1, "alpha")); }
    case "mix": return $mix(color(0), color(1), unit(2, "the mix fraction t"));
    case "lighter": case "darker": {
      const c = color(0), amount = unit(1, "the amount");
      const [h, s, l] = $hsl(c);
      return $fromHsl(h, s, name === "lighter" ? l + (1 - l) * amount : l * (1 - amount), c.a);
    }
    case "linear": {
      const g = args[0];
      if (!(g instanceof $Gradient)) return $fail("E0408", `linear() needs a gradient declared with <gradient name=…>, not ${$typeName(g)}`, at);
      return new $Linear(g.stops, coordinate(1), coordinate(2), coordinate(3), coordinate(4), g.extend);
    }
    case "radial": {
      const g = args[0];
      if (!(g instanceof $Gradient)) return $fail("E0408", `radial() needs a gradient declared with <gradient name=…>, not ${$typeName(g)}`, at);
      const [x0, y0, r0, x1, y1, r1] = [1, 2, 3, 4, 5, 6].map(coordinate);
      if (r0 < 0 || r1 < 0) $fail("E0521", "radial() needs a radius of 0 or more", at);
      // RadialGradient.isNested: on the numbers as the SVG writes them (4 decimals).
      const printed = (v: number): number => $roundHalfAway(v * 1e4) / 1e4;
      const dx = printed(x1) - printed(x0), dy = printed(y1) - printed(y0);
      const distance = Math.sqrt(dx * dx + dy * dy);
      if (!(Number.isFinite(distance) && distance < Math.abs(printed(r1) - printed(r0)))) {
        $fail("E0522", "radial()'s circles are not nested", at);
      }
      return new $Radial(g.stops, x0, y0, r0, x1, y1, r1, g.extend);
    }
    case "conic": {
      const g = args[0];
      if (!(g instanceof $Gradient)) return $fail("E0408", `conic() needs a gradient declared with <gradient name=…>, not ${$typeName(g)}`, at);
      const [cx, cy, angle] = [1, 2, 3].map(coordinate);
      if (Math.abs(angle) > 64 * 2 * Math.PI) $fail("E0540", `conic()'s start angle is more than 64 turns from 0`, at);
      return new $Conic(g.stops, cx, cy, angle);
    }
    case "replace": {
      const items = list(0).slice();
      const i = args[1];
      if (typeof i !== "bigint") return $fail("E0408", `replace() needs an int index, not ${$typeName(i)}`, at);
      if (i < 0n || i >= BigInt(items.length)) $fail("E0504", `index ${i} is out of range for a list of ${items.length} elements`, at);
      if (!$sameKind(args[2], items[0])) $fail("E0408", `replace() cannot put ${$typeName(args[2])} in this list`, at);
      items[Number(i)] = args[2];
      return items;
    }
    case "format": {
      const v = n(0), decimals = args[1];
      if (typeof decimals !== "bigint" || decimals < 0n || decimals > 10n) {
        $fail("E0506", "format() takes a whole number of decimals from 0 to 10", at);
      }
      return $fixed(v, Number(decimals));
    }
    case "textWidth": {
      const text = $show(args[0], at);
      if ([...text].length > 1000) $fail("E0609", "textWidth() measures at most 1000 characters", at);
      const size = n(1);
      if (!(size > 0 && size <= 10_000)) $fail("E0506", "the font size must be above 0 and at most 10000 points", at);
      let family = "DejaVu Sans";
      if (args.length >= 3) {
        const f = args[2];
        if (typeof f !== "string") return $fail("E0408", `textWidth() needs a font family name, not ${$typeName(f)}`, at);
        if (!fonts.families.includes(f)) $fail("E0529", `there is no font family '${f}'`, at);
        family = f;
      }
      let weight = 400;
      if (args.length === 4) {
        const w = args[3];
        if (w === "bold") weight = 700;
        else if (typeof w === "bigint" && w >= 100n && w <= 900n && w % 100n === 0n) weight = Number(w);
        else if (w !== "normal") $fail("E0506", "the weight is 'normal', 'bold' or 100, 200, … 900", at);
      }
      return result(fonts.measure(text, family, size, weight));
    }
    case "addDays": {
      const day = $date(args[0], at), days = args[1];
      if (typeof days !== "bigint") return $fail("E0408", `addDays() adds a whole number of days, not ${$typeName(days)}`, at);
      return $dateText(day + Number(days), at);
    }
    case "weekday": return BigInt($weekday($date(args[0], at)));
    case "dayName": return $weekdayNames[$weekday($date(args[0], at))];
    case "dayInitial": return $weekdayNames[$weekday($date(args[0], at))].slice(0, 1);
    case "log": case "log10": case "exp": {
      const x = n(0);
      if (name === "exp") return result(Math.exp(x));
      if (!(x > 0)) $fail("E0506", `${name}() needs a number above 0, not ${$formatNumber(x)}`, at);
      return result(name === "log" ? Math.log(x) : Math.log10(x));
    }
    case "red": return color(0).r * 255;
    case "green": return color(0).g * 255;
    case "blue": return color(0).b * 255;
    case "alpha": return color(0).a;
    case "hue": return $hsl(color(0))[0];
    case "saturation": return Math.min(1, $hsl(color(0))[1]);
    case "lightness": return $hsl(color(0))[2];
    case "luminance": return $luminance(color(0));
    case "contrast": {
      const la = $luminance(color(0)), lb = $luminance(color(1));
      return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }
    case "upper": case "lower": {
      const mapped = $caseMapped(text(0), name === "upper");
      if ($utf8Length(mapped) > $MAX_STRING) $fail("E0609", `${name}() makes a string longer than the limit of ${$MAX_STRING} bytes`, at);
      return mapped;
    }
    case "length": return BigInt([...text(0)].length);
    case "truncate": {
      const s = text(0), count = args[1];
      if (typeof count !== "bigint") return $fail("E0408", `truncate() keeps a whole number of characters, not ${$typeName(count)}`, at);
      if (count < 1n) $fail("E0506", `truncate() keeps at least 1 character, not ${count}`, at);
      return $truncate(s, count > 1_000_000n ? 1_000_000 : Number(count));
    }
    case "join": {
      const items = list(0), separator = text(1);
      const separatorBytes = $utf8Length(separator);
      let out = "", bytes = 0;
      items.forEach((item, i) => {
        const shown = $show(item, at);
        out += (i > 0 ? separator : "") + shown;
        bytes += (i > 0 ? separatorBytes : 0) + $utf8Length(shown);
        if (bytes > $MAX_STRING) $fail("E0609", `join() makes a string longer than the limit of ${$MAX_STRING} bytes`, at);
      });
      return out;
    }
  }
  return $fail("E0207", `unknown function '${name}'`, at);
}

// ---- parameters ----

/** A parameter value from the app: converted to the scene's type; ints and numbers clamped to the declared range. */
function $param(value: unknown, type: string, fallback: $Value, min: number | null, max: number | null, name: string): $Value {
  if (value === undefined) return fallback;
  const bad = (): never => $fail("E0408", `parameter '${name}' expects ${type}, not ${String(value)}`, name);
  const clamp = (v: number): number => Math.min(max ?? v, Math.max(min ?? v, v));
  switch (type) {
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return bad();
      return clamp(value);
    case "int": {
      if (typeof value !== "number" && typeof value !== "bigint") return bad();
      if (typeof value === "number" && !Number.isInteger(value)) return bad();
      const v = BigInt(value);
      if (min !== null && v < BigInt(min)) return BigInt(min);
      if (max !== null && v > BigInt(max)) return BigInt(max);
      return v;
    }
    case "bool": return typeof value === "boolean" ? value : bad();
    case "string": return typeof value === "string" ? value : bad();
    case "date": if (typeof value !== "string") return bad(); $date(value, name); return value;
    case "color": return $parseColor(value) ?? bad();
    case "list<int>": case "list": {
      if (!Array.isArray(value)) return bad();
      return value.map((v) => {
        if (type === "list<int>") {
          if (!(typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v)))) return bad();
          return BigInt(v);
        }
        if (typeof v === "bigint") return v;
        return typeof v === "number" && Number.isFinite(v) ? v : bad();
      });
    }
    case "list<string>":
      return Array.isArray(value) && value.every((v) => typeof v === "string") ? value as string[] : bad();
    case "list<color>":
      return Array.isArray(value) ? value.map((v) => $parseColor(v) ?? bad()) : bad();
  }
  return bad();
}

/** A color from the app: a $Color, `#rgb`, `#rrggbb`, `#rrggbbaa` or `rgb(…)`/`rgba(…)` with 0–255 channels. */
function $parseColor(value: unknown): $Color | null {
  if (value instanceof $Color) return value;
  if (typeof value !== "string") return null;
  const s = value.trim();
  let m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(s);
  if (m) {
    let hex = m[1];
    if (hex.length === 3) hex = hex.split("").map((c) => c + c).join("");
    const byte = (i: number): number => parseInt(hex.slice(i, i + 2), 16) / 255;
    return $color(byte(0), byte(2), byte(4), hex.length === 8 ? byte(6) : 1);
  }
  m = /^rgba?\(\s*([0-9.]+)\s*,\s*([0-9.]+)\s*,\s*([0-9.]+)\s*(?:,\s*([0-9.]+)\s*)?\)$/.exec(s);
  if (m) return $color(Number(m[1]) / 255, Number(m[2]) / 255, Number(m[3]) / 255, m[4] === undefined ? 1 : Number(m[4]));
  return null;
}

/** The value the app sees in `defaults` (numbers for ints, `#rrggbbaa` for colors). */
function $public(v: $Value): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof $Color) return $show(v, "");
  if (Array.isArray(v)) return v.map($public);
  return v;
}

// ---- paths (PathBuilder.swift: UIBezierPath's rules) ----

type $Segment = ["M" | "L", number, number] | ["Q", number, number, number, number]
  | ["C", number, number, number, number, number, number] | ["A", number, number, number, number, number, number] | ["Z"];

class $Path {
  segments: $Segment[] = [];
  private current: [number, number] | null = null;
  private start: [number, number] | null = null;

  static coordinate(v: $Value, at: string): number {
    const n = $num(v, at);
    if (Math.abs(n) > $MAX_COORDINATE) $fail("E0611", `${$formatNumber(n)} is too large for a coordinate; the limit is ±1000000000`, at);
    return n;
  }
  private need(at: string): void {
    if (!this.current) $fail("E0511", "this path element needs a current point, but the path has none yet", at);
  }
  move(x: number, y: number): void { this.segments.push(["M", x, y]); this.current = [x, y]; this.start = [x, y]; }
  line(x: number, y: number, at: string): void { this.need(at); this.segments.push(["L", x, y]); this.current = [x, y]; }
  quad(cx: number, cy: number, x: number, y: number, at: string): void {
    this.need(at); this.segments.push(["Q", cx, cy, x, y]); this.current = [x, y];
  }
  curve(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number, at: string): void {
    this.need(at); this.segments.push(["C", c1x, c1y, c2x, c2y, x, y]); this.current = [x, y];
  }
  close(at: string): void { this.need(at); this.segments.push(["Z"]); this.current = this.start; }
  arcSegment(cx: number, cy: number, rx: number, ry: number, start: number, sweep: number): void {
    const [s0, c0] = $exactSinCos(start), [s1, c1] = $exactSinCos(start + sweep);
    const p: [number, number] = [cx + rx * c0, cy + ry * s0];
    if (this.current) {
      if (this.current[0] !== p[0] || this.current[1] !== p[1]) this.segments.push(["L", p[0], p[1]]);
    } else {
      this.move(p[0], p[1]);
    }
    this.segments.push(["A", cx, cy, rx, ry, start, sweep]);
    this.current = [cx + rx * c1, cy + ry * s1];
    if (!this.start) this.start = p;
  }
  /** An arc of path data (SVG's `A`): from the current point, which becomes the exact end. */
  continueArc(cx: number, cy: number, rx: number, ry: number, start: number, sweep: number, x: number, y: number): void {
    if (!this.current) { this.arcSegment(cx, cy, rx, ry, start, sweep); return; }
    this.segments.push(["A", cx, cy, rx, ry, start, sweep]);
    this.current = [x, y];
  }

  // Path data (`d`): a segment without a current point is left out, as the evaluator does.
  lineIfAny(x: number, y: number): void { if (this.current) this.line(x, y, ""); }
  quadIfAny(cx: number, cy: number, x: number, y: number): void { if (this.current) this.quad(cx, cy, x, y, ""); }
  curveIfAny(a: number, b: number, c: number, d: number, x: number, y: number): void { if (this.current) this.curve(a, b, c, d, x, y, ""); }
  closeIfAny(): void { if (this.current) this.close(""); }
  /** SVG's endpoint arc (SVGArc.centerArc): an unrotated ellipse's arc, or cubic curves for a turned one. */
  svgArc(fromX: number, fromY: number, rxIn: number, ryIn: number, rotation: number, largeArc: boolean, sweep: boolean,
         x: number, y: number, at: string): void {
    if (fromX === x && fromY === y) return;
    let rx = Math.abs(rxIn), ry = Math.abs(ryIn);
    if (rx === 0 || ry === 0) { this.lineIfAny(x, y); return; }
    let phi = 0;
    if (rx !== ry) {
      const quarter = rotation / 90;
      if (quarter !== Math.round(quarter)) phi = rotation * Math.PI / 180;
      else if (Math.trunc(quarter % 2) !== 0) [rx, ry] = [ry, rx];
    }
    const [sinPhi, cosPhi] = [Math.sin(phi), Math.cos(phi)];
    const dx = (fromX - x) / 2, dy = (fromY - y) / 2;
    const x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy;
    const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
    if (lambda > 1) { rx *= Math.sqrt(lambda); ry *= Math.sqrt(lambda); }
    const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
    const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1;
    let k = Math.sqrt(Math.max(0, numerator) / denominator);
    if (largeArc === sweep) k = -k;
    const cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx;
    const cx = cosPhi * cx1 - sinPhi * cy1 + (fromX + x) / 2, cy = sinPhi * cx1 + cosPhi * cy1 + (fromY + y) / 2;
    const start = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx);
    let delta = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start;
    if (sweep && delta < 0) delta += 2 * Math.PI;
    if (!sweep && delta > 0) delta -= 2 * Math.PI;
    for (const v of [cx, cy, rx, ry]) $Path.coordinate(v, at);
    if (phi === 0) { this.continueArc(cx, cy, rx, ry, start, delta, x, y); return; }
    const place = (u: number, v: number): [number, number] =>
      [cx + cosPhi * rx * u - sinPhi * ry * v, cy + sinPhi * rx * u + cosPhi * ry * v];
    const pieces = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2)));
    const step = delta / pieces, t = 4 / 3 * Math.tan(step / 4);
    for (let i = 0; i < pieces; i++) {
      const a = start + i * step, b = a + step;
      const [sa, ca, sb, cb] = [Math.sin(a), Math.cos(a), Math.sin(b), Math.cos(b)];
      const end: [number, number] = i === pieces - 1 ? [x, y] : place(cb, sb);
      const c1 = place(ca - t * sa, sa + t * ca), c2 = place(cb + t * sb, sb - t * cb);
      this.curveIfAny(c1[0], c1[1], c2[0], c2[1], end[0], end[1]);
    }
  }

  // The elements, their numbers checked as the evaluator checks them.
  rect(v: $Value[], at: string): void {
    const [x, y, w, h, r, tl, tr, br, bl] = v.map((n) => $Path.coordinate(n, at));
    if (Math.min(r, tl, tr, br, bl) < 0) $fail("E0506", "a corner radius cannot be negative", at);
    const minX = Math.min(x, x + w), minY = Math.min(y, y + h), aw = Math.abs(w), ah = Math.abs(h);
    const limit = Math.min(aw, ah) / 2;
    const [a, b, c, d] = [tl, tr, br, bl].map((q) => Math.min(Math.max(0, q), limit));
    if (a === 0 && b === 0 && c === 0 && d === 0) {
      this.move(minX, minY); this.line(minX + aw, minY, at); this.line(minX + aw, minY + ah, at); this.line(minX, minY + ah, at); this.close(at);
      return;
    }
    const maxX = minX + aw, maxY = minY + ah, half = Math.PI / 2;
    this.move(minX + a, minY);
    this.line(maxX - b, minY, at);
    if (b > 0) this.arcSegment(maxX - b, minY + b, b, b, -half, half);
    this.line(maxX, maxY - c, at);
    if (c > 0) this.arcSegment(maxX - c, maxY - c, c, c, 0, half);
    this.line(minX + d, maxY, at);
    if (d > 0) this.arcSegment(minX + d, maxY - d, d, d, half, half);
    this.line(minX, minY + a, at);
    if (a > 0) this.arcSegment(minX + a, minY + a, a, a, 2 * half, half);
    this.close(at);
  }
  oval(v: $Value[], at: string): void {
    const [x, y, w, h] = v.map((n) => $Path.coordinate(n, at));
    const rx = Math.abs(w) / 2, ry = Math.abs(h) / 2;
    const cx = Math.min(x, x + w) + rx, cy = Math.min(y, y + h) + ry;
    this.move(cx + rx, cy);
    this.arcSegment(cx, cy, rx, ry, 0, 2 * Math.PI);
    this.close(at);
  }
  circle(v: $Value[], at: string): void {
    const [cx, cy, r] = v.map((n) => $Path.coordinate(n, at));
    if (r < 0) $fail("E0506", `radius cannot be negative (${$formatNumber(r)})`, at);
    this.oval([cx - r, cy - r, 2 * r, 2 * r], at);
  }
  arc(v: $Value[], clockwise: $Value, at: string): void {
    const [cx, cy, r, start, end] = v.map((n) => $Path.coordinate(n, at));
    const cw = $bool(clockwise, at);
    if (r < 0) $fail("E0506", `radius cannot be negative (${$formatNumber(r)})`, at);
    const sweep = $sweep(start, end, cw);
    if (Math.abs(sweep) > 64 * 2 * Math.PI) $fail("E0613", "this arc sweeps more than 64 turns; the limit is 64", at);
    this.arcSegment(cx, cy, r, r, start, sweep);
  }
  point(x: $Value, y: $Value, at: string): [number, number] { return [$Path.coordinate(x, at), $Path.coordinate(y, at)]; }
}

function $sweep(start: number, end: number, clockwise: boolean): number {
  const turn = 2 * Math.PI;
  if (clockwise) {
    if (end >= start) return end - start;
    let d = (end - start) % turn;
    if (d < 0) d += turn;
    return d;
  }
  if (end <= start) return end - start;
  let d = (end - start) % turn;
  if (d > 0) d -= turn;
  return d;
}

// ---- the display list (DisplayItem.swift), built first and drawn only when the whole scene succeeded ----

type $Stroke = { width: number; cap: CanvasLineCap; join: CanvasLineJoin; miter: number; dash: number[]; phase: number };
type $Shadow = { dx: number; dy: number; blur: number; color: $Color };
type $Item =
  | { kind: "fill"; path: $Path; paint: $Paint; rule: CanvasFillRule; opacity: number; blend: string }
  | { kind: "stroke"; path: $Path; paint: $Paint; style: $Stroke; opacity: number; blend: string }
  | { kind: "paint"; paint: $Paint; opacity: number; blend: string }
  | { kind: "text"; text: string; x: number; y: number; align: CanvasTextAlign; family: string; size: number; weight: number; color: $Color; opacity: number }
  | { kind: "group"; matrix: number[]; blend: string; items: $Item[] }
  | { kind: "clip"; path: $Path; rule: CanvasFillRule; items: $Item[] }
  | { kind: "layer"; opacity: number; shadow: $Shadow | null; blend: string; items: $Item[] }
  | { kind: "mask"; mode: string; content: $Item[]; items: $Item[] };

/** A block being drawn: its items, then one run per transform statement (<translate>, <rotate>, <scale>). */
class $Block {
  items: $Item[] = [];
  runs: { matrix: number[]; items: $Item[] }[] = [];
  add(item: $Item): void { (this.runs.length ? this.runs[this.runs.length - 1].items : this.items).push(item); }
  addAll(items: $Item[]): void { for (const item of items) this.add(item); }
  transform(m: number[]): void {
    const last = this.runs[this.runs.length - 1];
    const accumulated = $multiply(m, last ? last.matrix : $IDENTITY);
    if (last && last.items.length === 0) last.matrix = accumulated;
    else this.runs.push({ matrix: accumulated, items: [] });
  }
  finish(): $Item[] {
    const out = this.items;
    for (const run of this.runs) {
      if (run.items.length === 0) continue;
      if ($isIdentity(run.matrix)) out.push(...run.items);
      else { $operation(1); out.push({ kind: "group", matrix: run.matrix, blend: "normal", items: run.items }); }
    }
    return out;
  }
}

// Affine matrices [a, b, c, d, tx, ty] as Canvas's setTransform takes them.
const $IDENTITY = [1, 0, 0, 1, 0, 0];
function $isIdentity(m: number[]): boolean { return m.every((v, i) => v === $IDENTITY[i]); }
/** `m` applied first, then `n` (AffineTransform.concatenating). */
function $multiply(m: number[], n: number[]): number[] {
  return [
    m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}
function $translation(x: number, y: number): number[] { return [1, 0, 0, 1, x, y]; }
function $scaling(x: number, y: number): number[] { return [x, 0, 0, y, 0, 0]; }
function $rotation(angle: number, px: number, py: number): number[] {
  const [s, c] = $exactSinCos(angle);
  const r = [c, s, -s, c, 0, 0];
  if (px === 0 && py === 0) return r;
  return $multiply($multiply($translation(-px, -py), r), $translation(px, py));
}
/** A <group>'s transform: scale, then rotate about the pivot, then translate. */
function $groupMatrix(x: number, y: number, angle: number, px: number, py: number, sx: number, sy: number): number[] {
  return $multiply($multiply($scaling(sx, sy), $rotation(angle, px, py)), $translation(x, y));
}

/** A number attribute that reaches the drawing: finite and within ±1e9. */
function $coord(v: $Value, at: string, what = "a number"): number {
  const n = $num(v, at, what);
  if (Math.abs(n) > $MAX_COORDINATE) $fail("E0611", `${$formatNumber(n)} is too large for a coordinate; the limit is ±1000000000`, at);
  return n;
}
function $unit(v: $Value, at: string, what: string): number {
  const n = $coord(v, at);
  if (!(n >= 0 && n <= 1)) $fail("E0507", `'${what}' runs from 0 to 1, not ${$formatNumber(n)}`, at);
  return n;
}
/** A fill or stroke attribute: a color, a placed gradient, or none (null). */
function $paint(v: $Value, at: string): $Paint | null {
  if (v === null || v instanceof $Color || v instanceof $Linear || v instanceof $Radial || v instanceof $Conic) return v;
  if (v instanceof $Gradient) return $fail("E0410", "a gradient needs its start and end points to paint: write linear(g, x1, y1, x2, y2), radial(g, x0, y0, r0, x1, y1, r1) or conic(g, cx, cy, angle)", at);
  return $fail("E0408", `a fill or stroke must be a color, a gradient paint or none, not ${$typeName(v)}`, at);
}
function $strokeStyle(width: $Value, cap: CanvasLineCap, join: CanvasLineJoin, miter: $Value, dash: $Value, phase: $Value, at: string): $Stroke {
  const w = $coord(width, at), m = $coord(miter, at), p = $coord(phase, at);
  if (w < 0) $fail("E0507", `lineWidth cannot be negative (${$formatNumber(w)})`, at);
  if (m < 1) $fail("E0507", `miterLimit must be at least 1, not ${$formatNumber(m)}`, at);
  let lengths: number[] = [];
  if (dash !== undefined && dash !== null) {
    if (!Array.isArray(dash) || !dash.every($isNumeric)) return $fail("E0408", "dash must be a list of lengths such as [6, 3]", at);
    lengths = dash.map((d) => $coord(d, at));
    if (lengths.some((d) => d < 0)) $fail("E0507", "dash lengths cannot be negative", at);
    if (lengths.length > 0 && lengths.every((d) => d === 0)) $fail("E0507", "dash lengths cannot all be zero", at);
  }
  return { width: w, cap, join, miter: m, dash: lengths, phase: p };
}
function $shadow(dx: $Value, dy: $Value, blur: $Value, color: $Value, at: string): $Shadow | null {
  const x = $coord(dx, at), y = $coord(dy, at), b = $coord(blur, at);
  if (b < 0) $fail("E0507", `shadowBlur cannot be negative (${$formatNumber(b)})`, at);
  if (b > 1000) $fail("E0507", `shadowBlur is at most 1000 points, not ${$formatNumber(b)}`, at);
  if (color === null) return null;
  if (!(color instanceof $Color)) return $fail("E0408", `'shadowColor' must be a color or none, not ${$typeName(color)}`, at);
  return { dx: x, dy: y, blur: b, color };
}
/** A shape's fill and stroke items (Evaluation.shape): a shadow makes each a layer of its own. */
function $shape(block: $Block, path: $Path, fill: $Paint | null, stroke: $Paint | null, rule: CanvasFillRule, style: $Stroke,
                opacity: number, blend: string, shadow: $Shadow | null): void {
  if (path.segments.length === 0 || (fill === null && stroke === null)) return;
  const items: $Item[] = [];
  // The path's segments count once, with the first operation (Evaluation.shape).
  if (fill !== null) {
    $operation(1 + path.segments.length + $stopCount(fill));
    items.push({ kind: "fill", path, paint: fill, rule, opacity, blend });
  }
  if (stroke !== null) {
    $operation(1 + (fill === null ? path.segments.length : 0) + $stopCount(stroke) + style.dash.length);
    items.push({ kind: "stroke", path, paint: stroke, style, opacity, blend });
  }
  $shadowed(block, items, shadow);
}
function $shadowed(block: $Block, items: $Item[], shadow: $Shadow | null): void {
  if (!shadow) { block.addAll(items); return; }
  for (const item of items) {
    const blend = "blend" in item ? item.blend : "normal";
    const plain = "blend" in item ? { ...item, blend: "normal" } as $Item : item;
    // A blended operation is written twice in SVG, its path's segments with it (Evaluation.shadowed).
    $operation(1 + $SHADOW_SIZE + (blend !== "normal" && "path" in item ? 1 + item.path.segments.length : 0));
    block.add({ kind: "layer", opacity: 1, shadow, blend, items: [plain] });
  }
}
/** Whether an item blends with what its layer drew before it (Evaluation.blendsWithBackdrop). */
function $blendsWithBackdrop(items: $Item[]): boolean {
  return items.some((item) => {
    switch (item.kind) {
      case "group": return item.blend !== "normal" || $blendsWithBackdrop(item.items);
      case "clip": return $blendsWithBackdrop(item.items);
      case "text": return false;
      case "mask": return false; // one image of its own, drawn normally
      default: return item.blend !== "normal";
    }
  });
}
function $stop(stops: [number, $Color][], offset: $Value, color: $Value, opacity: $Value, at: string): void {
  const o = $coord(offset, at), a = $unit(opacity, at, "opacity");
  if (!(o >= 0 && o <= 1)) $fail("E0507", `a stop's offset runs from 0 to 1, not ${$formatNumber(o)}`, at);
  if (!(color instanceof $Color)) return $fail("E0408", `a stop's color must be a color, not ${$typeName(color)}`, at);
  if (stops.length && o < stops[stops.length - 1][0]) $fail("E0509", "stop offsets must not decrease", at);
  $output(1);
  stops.push([o, $color(color.r, color.g, color.b, color.a * a)]);
}
/** What one evaluation of a scene counts across its components (Evaluation's counters), and where
 * it is (`at`: the statement being run, where a limit it passes is reported). */
type $State = { iterations: number; clipDepth: number; depth: number; steps: number; operations: number; output: number;
  nesting: number; at: string };
/** The evaluation running (JavaScript runs one at a time): what the display list's items count against. */
let $evaluating: $State | null = null;
function $newState(): $State {
  return $evaluating = { iterations: 0, clipDepth: 0, depth: 0, steps: 0, operations: 0, output: 0, nesting: 0, at: "" };
}

// ---- the evaluator's other limits (EvaluationLimits' defaults): steps, operations, output size, nesting ----

const $MAX_STEPS = 100_000_000;
const $MAX_OPERATIONS = 500_000;
const $MAX_OUTPUT = 1_000_000;
const $MAX_NESTING = 256;
const $MAX_COMPONENT_DEPTH = 32;
/** A statement's steps (the evaluator's weights, StatementStepCost), charged before it runs. */
function $step(st: $State, n: number, at: string): void {
  st.at = at;
  st.steps += n;
  if (st.steps > $MAX_STEPS) {
    $fail("E0606", `evaluation takes more than ${$MAX_STEPS} steps`, at);
  }
}
/** Entering a block (a body, a branch, an iteration, a group's, clip's, layer's, path's or gradient's children). */
function $nest(st: $State, at: string): void {
  if (++st.nesting > $MAX_NESTING) $fail("E0610", `blocks are nested more than ${$MAX_NESTING} deep`, at);
}
/** A component placed inside the components placing it (Evaluation.use): at most 32 deep. */
function $enterComponent(st: $State, at: string): void {
  if (st.depth >= $MAX_COMPONENT_DEPTH) $fail("E0614", `components are nested more than ${$MAX_COMPONENT_DEPTH} deep`, at);
  st.depth += 1;
}
/** One display-list operation of `size` (1, plus the path segments, gradient stops and dash lengths it holds). */
function $operation(size: number): void {
  const st = $evaluating;
  if (!st) return;
  if (++st.operations > $MAX_OPERATIONS) $fail("E0605", `the scene draws more than ${$MAX_OPERATIONS} operations`, st.at);
  $output(size);
}
/** `n` entries of display-list size (Evaluation.countOutput). */
function $output(n: number): void {
  const st = $evaluating;
  if (!st) return;
  st.output += n;
  if (st.output > $MAX_OUTPUT) {
    $fail("E0607", `the display list grows past the limit of ${$MAX_OUTPUT} entries (operations, path segments, gradient stops and dash lengths)`, st.at);
  }
}
const $SHADOW_SIZE = 8;
function $stopCount(paint: $Paint | null): number {
  return paint instanceof $Linear || paint instanceof $Radial || paint instanceof $Conic ? paint.stops.length : 0;
}

/** The `blend` attribute: an error inside a <clip> (Evaluation.blendMode). */
function $blend(word: string, st: $State, at: string): string {
  if (word !== "normal" && st.clipDepth > 0) {
    $fail("E0316", `blend="${word}" inside a <clip> blends differently in librsvg, resvg and browsers: put it on a <group> around the <clip>`, at);
  }
  return word;
}
function $group(block: $Block, matrix: number[], blend: string, items: $Item[]): void {
  if (items.length === 0) return;
  if ($isIdentity(matrix) && blend === "normal") { block.addAll(items); return; }
  $operation(1);
  block.add({ kind: "group", matrix, blend, items });
}
function $clip(block: $Block, path: $Path, rule: CanvasFillRule, items: $Item[]): void {
  // The clip path's segments counted as it was built (Evaluation.pathBlock), whether or not it clips anything.
  $output(path.segments.length);
  if (items.length === 0) return;
  $operation(1);
  block.add({ kind: "clip", path, rule, items });
}
/** <layer>: drawn as one image when its opacity, shadow or a blend inside needs it (Evaluation.layer). */
function $layer(block: $Block, items: $Item[], opacity: number, shadow: $Shadow | null): void {
  if (items.length === 0) return;
  if (opacity === 1 && shadow === null && !$blendsWithBackdrop(items)) { block.addAll(items); return; }
  $operation(1 + (shadow === null ? 0 : $SHADOW_SIZE));
  block.add({ kind: "layer", opacity, shadow, blend: "normal", items });
}
/** <mask>: kept only when its content and its body both draw something (Evaluation.mask). */
function $mask(block: $Block, mode: string, content: $Item[], items: $Item[]): void {
  if (content.length === 0 || items.length === 0) return;
  $operation(1);
  block.add({ kind: "mask", mode, content, items });
}
function $paintRegion(block: $Block, paint: $Paint | null, opacity: number, blend: string): void {
  if (paint === null) return;
  $operation(1 + $stopCount(paint));
  block.add({ kind: "paint", paint, opacity, blend });
}
/** <text>: one line; the baseline from the pinned DejaVu fonts' ascent and descent (Evaluation+Text).
 *  A wrapped text gives its block (its width, line count and line height) for a layout to place. */
function $text(block: $Block, pieces: string[], x: number, y: number, size: number, fill: $Value, shadow: $Shadow | null,
               weight: string, align: string, baseline: string, family: string, opacity: number, fonts: $Fonts, at: string,
               wrap: [number, $Value | null, number | null] | null = null): $WrappedBlock | null {
  if (!(size > 0 && size <= 10_000)) $fail("E0507", `'size' must be a positive number of points up to 10000, not ${$formatNumber(size)}`, at);
  if (!(fill instanceof $Color)) return $fail("E0408", `a text's fill must be a color, not ${$typeName(fill)}`, at);
  const text = pieces.join("");
  if ($utf8Length(text) > $MAX_STRING) $fail("E0609", `the text is longer than the limit of ${$MAX_STRING} bytes`, at);
  const ascent = 1901 / 2048, descent = 483 / 2048;
  const baselineY = baseline === "top" ? y + ascent * size : baseline === "bottom" ? y - descent * size
    : baseline === "middle" ? y + (ascent - descent) / 2 * size : y;
  if (text === "") return null;
  if (!fonts.families.includes(family)) $fail("E0529", `there is no font family '${family}'`, at);
  const w = weight === "normal" ? 400 : weight === "bold" ? 700 : Number(weight);
  const textAlign: CanvasTextAlign = align === "middle" ? "center" : align === "end" ? "end" : "start";
  $operation(1 + Math.floor($utf8Length(text) / 16));
  if (wrap === null) {
    $shadowed(block, [{ kind: "text", text, x, y: baselineY, align: textAlign, family, size, weight: w, color: fill, opacity }], shadow);
    return null;
  }
  // <text width=…> (Evaluation+WrappedText.swift): one item per line, the block placed by `baseline`.
  const [width, lineHeight, maxLines] = $textWrap(wrap, size, at);
  if ([...text].length > 1000) $fail("E0617", `a wrapped text has at most 1000 characters, not ${[...text].length}`, at);
  const lines = $wrappedLines(text, width, maxLines, (line) => fonts.measure(line, family, size, w));
  const up = baseline === "bottom" ? 1 : baseline === "middle" ? 0.5 : 0;
  const first = baselineY - up * Math.max(0, lines.length - 1) * lineHeight;
  const anchor = x + (align === "middle" ? 0.5 : align === "end" ? 1 : 0) * width;
  const items: $Item[] = [];
  lines.forEach((line, i) => {
    if (line === "") return;
    if (items.length > 0) $operation(1);
    items.push({ kind: "text", text: line, x: anchor, y: first + i * lineHeight, align: textAlign, family, size, weight: w, color: fill, opacity });
  });
  $shadowed(block, items, shadow);
  return { width, lines: lines.length, lineHeight, size };
}
/** A wrapped text's width, line height (default 1.2 × size) and maxLines (null: none), checked as the evaluator checks them. */
function $textWrap(wrap: [number, $Value | null, number | null], size: number, at: string): [number, number, number | null] {
  const [width, maxLines, lineHeight] = wrap;
  if (!(width > 0)) $fail("E0555", `a text's width must be above 0 points, not ${$formatNumber(width)}`, at);
  const height = lineHeight ?? 1.2 * size;
  if (!(height > 0)) $fail("E0557", `'lineHeight' must be above 0 points, not ${$formatNumber(height)}`, at);
  if (maxLines === null) return [width, height, null];
  if (typeof maxLines !== "bigint") return $fail("E0408", `'maxLines' must be an int, not ${$typeName(maxLines)}`, at);
  if (maxLines < 1n) $fail("E0556", `'maxLines' must be at least 1, not ${maxLines}`, at);
  return [width, height, Number(maxLines)];
}
/** The lines of a wrapped text (Grammar.md section 19, "Wrapped text"): the evaluator's steps
 *  (TextWrapping.swift) over Unicode code points, greedy at spaces, a line feed ending a line, "…"
 *  ending line maxLines when the text goes on. */
function $wrappedLines(text: string, width: number, maxLines: number | null, measure: (line: string) => number): string[] {
  const ellipsis = "\u2026";
  const truncated = (lines: string[]): string[] => {
    const last = lines.pop()!;
    if (measure(last + ellipsis) <= width) return [...lines, last + ellipsis];
    const scalars = [...last];
    let fitting = "";
    for (let end = 1; end <= scalars.length; end++) {
      const prefix = scalars.slice(0, end).join("").replace(/ +$/, "");
      if (measure(prefix + ellipsis) > width) break;
      fitting = prefix;
    }
    return [...lines, fitting + ellipsis];
  };
  const paragraphs = text.split("\n").map((p) => p.split(" ").filter((word) => word !== ""));
  if (!paragraphs.some((words) => words.length > 0)) return [];
  const lines: string[] = [];
  for (let p = 0; p < paragraphs.length; p++) {
    let line = "";
    const words = paragraphs[p];
    for (let w = 0; w < words.length; w++) {
      if (w === 0) { line = words[w]; continue; }
      if (measure(line + " " + words[w]) <= width) { line += " " + words[w]; continue; }
      lines.push(line);
      if (lines.length === maxLines) return truncated(lines);
      line = words[w];
    }
    lines.push(line);
    if (lines.length === maxLines && p < paragraphs.length - 1) return truncated(lines);
  }
  return lines;
}
function $useSize(width: number, height: number, at: string): void {
  if (!(width > 0) || !(height > 0)) $fail("E0514", "the width and height of a placed component must be positive numbers", at);
}
/** A placed component's items, moved to its position (Evaluation.use). */
function $use(block: $Block, x: number, y: number, items: $Item[]): void {
  if (items.length === 0) return;
  if (x === 0 && y === 0) { block.addAll(items); return; }
  $operation(1);
  block.add({ kind: "group", matrix: $translation(x, y), blend: "normal", items });
}
/** A child of a <row> or <column>, drawn at its own origin, and its box there (Evaluation+Layout). */
type $LaidOut = { items: $Item[]; minX: number; minY: number; w: number; h: number; baseline?: number };
/** A <rect> or <oval>: its width by its height (a negative one extends left or up from 0). */
function $shapeBox(items: $Item[], w: number, h: number): $LaidOut {
  return { items, minX: Math.min(0, w), minY: Math.min(0, h), w: Math.abs(w), h: Math.abs(h) };
}
/** A <text>: its measured width by its line box, the baseline (at 0) an ascent below its top; null when it drew nothing. */
function $textBox(items: $Item[], fonts: $Fonts): $LaidOut | null {
  const run = $firstText(items);
  if (run === null) return null;
  const ascent = 1901 / 2048, descent = 483 / 2048;
  return { items, minX: 0, minY: -ascent * run.size, w: fonts.measure(run.text, run.family, run.size, run.weight), h: (ascent + descent) * run.size,
           baseline: ascent * run.size };
}
/** A wrapped text's block as $text drew it: its width, its number of lines, their spacing and the font size. */
type $WrappedBlock = { width: number; lines: number; lineHeight: number; size: number };
/** A wrapped <text> in a layout: its width by its block's height (TextWrapping.blockHeight), the first
 *  baseline (at 0) an ascent below its top; null when it has no lines (it takes no place). */
function $wrappedTextBox(items: $Item[], block: $WrappedBlock | null): $LaidOut | null {
  if (block === null || block.lines === 0 || $firstText(items) === null) return null;
  const ascent = 1901 / 2048, descent = 483 / 2048;
  const h = (ascent + descent) * block.size + (block.lines - 1) * block.lineHeight;
  return { items, minX: 0, minY: -ascent * block.size, w: block.width, h, baseline: ascent * block.size };
}
function $firstText(items: $Item[]): { text: string; family: string; size: number; weight: number } | null {
  for (const item of items) {
    if (item.kind === "text") return item;
    if (item.kind === "layer" || item.kind === "group") {
      const inner = $firstText(item.items);
      if (inner !== null) return inner;
    }
  }
  return null;
}
/** A given width or height of a <row> or <column>: 0 or more. */
function $layoutLength(v: number, name: string, kind: string, at: string): number {
  if (!(v >= 0)) $fail("E0507", `'${name}' of a <${kind}> must not be negative, not ${$formatNumber(v)}`, at);
  return v;
}
/** The children of a <row> (`isRow`) or <column> moved into their slots in its box at (x, y), and the box's size. */
function $placeLayout(children: $LaidOut[], isRow: boolean, x: number, y: number, spacing: number, align: string, justify: string,
                      width: number | null, height: number | null): { items: $Item[]; w: number; h: number } {
  const along = children.map((c) => isRow ? c.w : c.h);
  let total = 0, largest = 0;
  for (const c of children) { total += isRow ? c.w : c.h; largest = Math.max(largest, isRow ? c.h : c.w); }
  const content = total + spacing * Math.max(0, children.length - 1);
  // align="baseline" (a row): a text's baseline is its first line's, anything else's its bottom; the
  // common baseline is the lowest, and the children then reach from the row's top to the lowest bottom.
  let line = 0, hanging = 0;
  for (const c of children) line = Math.max(line, c.baseline ?? c.h);
  for (const c of children) hanging = Math.max(hanging, line - (c.baseline ?? c.h) + c.h);
  if (isRow && align === "baseline") largest = hanging;
  const main = (isRow ? width : height) ?? content, cross = (isRow ? height : width) ?? largest;
  let cursor = 0, gap = spacing;
  if (justify === "center") cursor = (main - content) / 2;
  else if (justify === "end") cursor = main - content;
  else if (justify === "space-between" && children.length > 1) gap = (main - total) / (children.length - 1);
  const items: $Item[] = [];
  children.forEach((child, i) => {
    const thickness = isRow ? child.h : child.w;
    const offset = align === "center" ? (cross - thickness) / 2 : align === "bottom" || align === "trailing" ? cross - thickness
      : align === "baseline" ? line - (child.baseline ?? child.h) : 0;
    const dx = x + (isRow ? cursor : offset) - child.minX, dy = y + (isRow ? offset : cursor) - child.minY;
    cursor += along[i] + gap;
    if (child.items.length === 0) return;
    if (dx === 0 && dy === 0) { items.push(...child.items); return; }
    $operation(1);
    items.push({ kind: "group", matrix: $translation(dx, dy), blend: "normal", items: child.items });
  });
  return { items, w: isRow ? main : cross, h: isRow ? cross : main };
}
function $gradient(stops: [number, $Color][], extend: string, at: string): $Gradient {
  if (stops.length === 0) $fail("E0510", "this <gradient> has no <stop>", at);
  return new $Gradient(stops, extend);
}
function $loopRange(from: $Value, end: $Value, step: $Value, inclusive: boolean, budget: { iterations: number }, at: string): $Value[] {
  for (const v of [from, end, step]) if (!$isNumeric(v)) $fail("E0408", `a loop's bounds must be numbers, not ${$typeName(v)}`, at);
  const values: $Value[] = [];
  if (typeof from === "bigint" && typeof end === "bigint" && typeof step === "bigint") {
    if (step === 0n) $fail("E0508", "'step' cannot be 0", at);
    const ratio = (Number(end) - Number(from)) / Number(step);
    const n = Math.max(0, inclusive ? Math.floor(ratio) + 1 : Math.ceil(ratio));
    $reserve(budget, n, at);
    for (let k = 0; k < n; k++) {
      const v = from + BigInt(k) * step;
      if (v < $INT_MIN || v > $INT_MAX) break;
      values.push(v);
    }
    return values;
  }
  const f = Number(from), e = Number(end), s = Number(step);
  if (s === 0) $fail("E0508", "'step' cannot be 0", at);
  const ratio = (e - f) / s;
  const n = Math.max(0, inclusive ? Math.floor(ratio + 1e-6) + 1 : Math.ceil(ratio - 1e-6));
  if (!Number.isFinite(n)) $fail("E0503", "the loop's range is not finite", at);
  $reserve(budget, n, at);
  for (let k = 0; k < n; k++) values.push(f + k * s);
  return values;
}
function $loopList(list: $Value, budget: { iterations: number }, at: string): $Value[] {
  if (!Array.isArray(list)) return $fail("E0408", `'in' must be a list, not ${$typeName(list)}`, at);
  $reserve(budget, list.length, at);
  return list;
}
function $reserve(budget: { iterations: number }, n: number, at: string): void {
  budget.iterations += n;
  if (budget.iterations > $MAX_LOOP_ITERATIONS) $fail("E0604", `this loop takes the scene past the limit of ${$MAX_LOOP_ITERATIONS} loop iterations`, at);
}
function $assert(test: $Value, message: string, at: string): void {
  if (!$bool(test, at)) $fail("E0505", message, at);
}
/** A <use>'s argument: of the parameter's type and inside its range (an error, not clamped, as in the evaluator). */
function $argument(v: $Value, type: string, min: number | null, max: number | null, name: string, at: string): $Value {
  let value = v;
  if (type === "number" && typeof v === "bigint") value = Number(v);
  const kind = $typeName(value);
  const ok = type === kind || (type === "date" && kind === "string" && $date(value, at) !== undefined)
    || (type.startsWith("list") && kind === "list");
  if (!ok) $fail("E0408", `'${name}': expected ${type}, found ${kind}`, at);
  if (type === "list<int>" && !(value as $Value[]).every((x) => typeof x === "bigint")) $fail("E0408", `'${name}': expected a list of ints`, at);
  if ($isNumeric(value) && ((min !== null && Number(value) < min) || (max !== null && Number(value) > max))) {
    $fail("E0516", `the value for '${name}' is outside its declared range`, at);
  }
  return value;
}

// ---- drawing the display list on a Canvas 2D context ----

function $css(c: $Color, opacity = 1): string {
  const byte = (v: number): number => Math.round(v * 255);
  return `rgba(${byte(c.r)}, ${byte(c.g)}, ${byte(c.b)}, ${c.a * opacity})`;
}

/**
 * The path as SVG path data, written as the SVG backend writes it (Sources/SVGBackend/PathData.swift:
 * an arc as pieces of at most π, `A rx ry 0 0 sweep x y`), so that Chromium draws the same curves
 * for the module as for scenec's SVG: Path2D reads SVG path data with the SVG parser.
 */
function $buildPath(path: $Path): Path2D {
  const d: string[] = [];
  // With the SVG's 4 decimals (NumberFormat.format): the same points, and short text to parse.
  const point = (x: number, y: number): string => `${$roundHalfAway(x * 1e4) / 1e4} ${$roundHalfAway(y * 1e4) / 1e4}`;
  for (const s of path.segments) {
    switch (s[0]) {
      case "M": case "L": d.push(`${s[0]} ${point(s[1], s[2])}`); break;
      case "Q": d.push(`Q ${point(s[1], s[2])} ${point(s[3], s[4])}`); break;
      case "C": d.push(`C ${point(s[1], s[2])} ${point(s[3], s[4])} ${point(s[5], s[6])}`); break;
      case "A": {
        const [, cx, cy, rx, ry, start, sweep] = s;
        if (sweep === 0) break;
        const at = (angle: number): string => { const [sn, cs] = $exactSinCos(angle); return point(cx + rx * cs, cy + ry * sn); };
        if (rx === 0 || ry === 0) { d.push(`L ${at(start + sweep)}`); break; }
        const n = Math.max(1, Math.ceil(Math.abs(sweep) / Math.PI));
        for (let i = 1; i <= n; i++) {
          const angle = i === n ? start + sweep : start + sweep * i / n;
          d.push(`A ${Math.abs(rx)} ${Math.abs(ry)} 0 0 ${sweep > 0 ? 1 : 0} ${at(angle)}`);
        }
        break;
      }
      case "Z": d.push("Z"); break;
    }
  }
  // A scene redrawn with new values makes mostly the same paths again: each is parsed once.
  const text = d.join(" ");
  let parsed = $parsedPaths.get(text);
  if (!parsed) {
    if ($parsedPaths.size >= 2048) $parsedPaths.clear();
    parsed = new Path2D(text);
    $parsedPaths.set(text, parsed);
  }
  return parsed;
}
/** Path2D objects by their path data (a Path2D is never changed once made, so one may be drawn many times). */
const $parsedPaths = new Map<string, Path2D>();

type $Context = CanvasRenderingContext2D;

/** The canvas, outset by one point, in the current user space (RegionGeometry.canvas). */
function $canvasPolygon(ctx: $Context): [number, number][] {
  const inverse = ctx.getTransform().inverse();
  const w = ctx.canvas.width, h = ctx.canvas.height;
  return [[-1, -1], [w + 1, -1], [w + 1, h + 1], [-1, h + 1]].map(([x, y]) => {
    const p = inverse.transformPoint({ x, y });
    return [p.x, p.y] as [number, number];
  });
}
/** The part of a convex polygon where f ≥ 0 (Sutherland–Hodgman). */
function $cut(polygon: [number, number][], f: (p: [number, number]) => number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < polygon.length; i++) {
    const prev = polygon[(i + polygon.length - 1) % polygon.length], cur = polygon[i];
    const fp = f(prev), fc = f(cur);
    const cross = (): [number, number] => { const t = fp / (fp - fc); return [prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t]; };
    if (fc >= 0) { if (fp < 0) out.push(cross()); out.push(cur); } else if (fp >= 0) out.push(cross());
  }
  return out;
}

/** Sets the paint as fill or stroke style; clips to where a gradient that does not extend paints. */
function $usePaint(ctx: $Context, paint: $Paint, opacity: number, stroke: boolean): void {
  let style: string | CanvasGradient;
  if (paint instanceof $Color) {
    style = $css(paint, 1);
  } else if (paint instanceof $Conic) {
    // Every angle is painted: no region to clip to.
    const g = ctx.createConicGradient(paint.angle, paint.cx, paint.cy);
    for (const [offset, color] of paint.stops) g.addColorStop(offset, $css(color));
    style = g;
  } else {
    const g = paint instanceof $Linear
      ? ctx.createLinearGradient(paint.x0, paint.y0, paint.x1, paint.y1)
      : ctx.createRadialGradient(paint.x0, paint.y0, paint.r0, paint.x1, paint.y1, paint.r1);
    for (const [offset, color] of paint.stops) g.addColorStop(offset, $css(color));
    style = g;
    const before = paint.extend === "before" || paint.extend === "both";
    const after = paint.extend === "after" || paint.extend === "both";
    if (paint instanceof $Linear) {
      const vx = paint.x1 - paint.x0, vy = paint.y1 - paint.y0;
      let band = $canvasPolygon(ctx);
      if (!before) band = $cut(band, ([x, y]) => (x - paint.x0) * vx + (y - paint.y0) * vy);
      if (!after) band = $cut(band, ([x, y]) => (paint.x1 - x) * vx + (paint.y1 - y) * vy);
      const region = new Path2D();
      band.forEach(([x, y], i) => (i === 0 ? region.moveTo(x, y) : region.lineTo(x, y)));
      region.closePath();
      ctx.clip(region);
    } else {
      // Nested circles: t in 0…1 is the ring between the smaller and the larger circle; the side
      // that extends paints inside the smaller one or outside the larger one too.
      const startInner = paint.r0 < paint.r1;
      const [inner, outer] = startInner ? [[paint.x0, paint.y0, paint.r0], [paint.x1, paint.y1, paint.r1]]
        : [[paint.x1, paint.y1, paint.r1], [paint.x0, paint.y0, paint.r0]];
      const [innerExtends, outerExtends] = startInner ? [before, after] : [after, before];
      const region = new Path2D();
      let rule: CanvasFillRule = "nonzero";
      if (outerExtends) {
        $canvasPolygon(ctx).forEach(([x, y], i) => (i === 0 ? region.moveTo(x, y) : region.lineTo(x, y)));
        region.closePath();
      } else {
        region.ellipse(outer[0], outer[1], outer[2], outer[2], 0, 0, 2 * Math.PI);
      }
      if (!innerExtends && inner[2] > 0) {
        region.moveTo(inner[0] + inner[2], inner[1]);
        region.ellipse(inner[0], inner[1], inner[2], inner[2], 0, 0, 2 * Math.PI);
        rule = "evenodd";
      }
      ctx.clip(region, rule);
    }
  }
  if (stroke) ctx.strokeStyle = style; else ctx.fillStyle = style;
  ctx.globalAlpha = opacity;
}

function $blendOperation(blend: string): GlobalCompositeOperation {
  return (blend === "normal" ? "source-over" : blend) as GlobalCompositeOperation;
}

/** Draws `items` on `ctx`, whose current transform is the scene's user space. */
function $render(ctx: $Context, items: $Item[]): void {
  for (const item of items) {
    ctx.save();
    switch (item.kind) {
      case "fill":
        ctx.globalCompositeOperation = $blendOperation(item.blend);
        $usePaint(ctx, item.paint, item.opacity, false);
        ctx.fill($buildPath(item.path), item.rule);
        break;
      case "stroke": {
        ctx.globalCompositeOperation = $blendOperation(item.blend);
        const s = item.style;
        ctx.lineWidth = s.width; ctx.lineCap = s.cap; ctx.lineJoin = s.join; ctx.miterLimit = s.miter;
        ctx.setLineDash(s.dash); ctx.lineDashOffset = s.phase;
        const path = $buildPath(item.path);
        $usePaint(ctx, item.paint, item.opacity, true);
        if (s.width > 0) ctx.stroke(path);
        break;
      }
      case "paint": {
        ctx.globalCompositeOperation = $blendOperation(item.blend);
        const region = new Path2D();
        $canvasPolygon(ctx).forEach(([x, y], i) => (i === 0 ? region.moveTo(x, y) : region.lineTo(x, y)));
        $usePaint(ctx, item.paint, item.opacity, false);
        ctx.fill(region);
        break;
      }
      case "text":
        ctx.font = `${item.weight} ${item.size}px "${item.family}"`;
        ctx.textAlign = item.align;
        ctx.textBaseline = "alphabetic";
        ctx.fillStyle = $css(item.color);
        ctx.globalAlpha = item.opacity;
        ctx.fillText(item.text, item.x, item.y);
        break;
      case "group": {
        const m = item.matrix;
        if (item.blend === "normal") {
          ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
          $render(ctx, item.items);
        } else {
          $isolated(ctx, 1, null, item.blend, (inner) => { inner.transform(m[0], m[1], m[2], m[3], m[4], m[5]); $render(inner, item.items); });
        }
        break;
      }
      case "clip":
        ctx.clip($buildPath(item.path), item.rule);
        $render(ctx, item.items);
        break;
      case "layer":
        $isolated(ctx, item.opacity, item.shadow, item.blend, (inner) => $render(inner, item.items));
        break;
      case "mask":
        $masked(ctx, item.mode, item.content, item.items);
        break;
    }
    ctx.restore();
  }
}

/** The scene's canvas space on the device while it is drawn: where shadows are measured. */
let $canvasSpace: DOMMatrix | null = null;

/** Draws into an offscreen canvas of the same size and transform, then composites it as one image. */
function $isolated(ctx: $Context, opacity: number, shadow: $Shadow | null, blend: string, draw: (inner: $Context) => void): void {
  const w = ctx.canvas.width, h = ctx.canvas.height;
  // A canvas of no pixels (a hidden element's) shows nothing, and drawImage refuses an empty image.
  if (w === 0 || h === 0) return;
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const inner = canvas.getContext("2d")!;
  const m = ctx.getTransform();
  inner.setTransform(m);
  draw(inner);
  if (shadow) {
    // A shadow's offset and blur are in the scene's canvas space, whatever the transforms inside it
    // (as Core Graphics' setShadow): through the frame's and the device's scale only.
    const base = $canvasSpace ?? m;
    ctx.shadowOffsetX = base.a * shadow.dx + base.c * shadow.dy;
    ctx.shadowOffsetY = base.b * shadow.dx + base.d * shadow.dy;
    ctx.shadowBlur = shadow.blur * Math.sqrt(Math.abs(base.a * base.d - base.b * base.c));
    ctx.shadowColor = $css(shadow.color);
  }
  ctx.globalAlpha = opacity;
  ctx.globalCompositeOperation = $blendOperation(blend);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(canvas, 0, 0);
}

/** A canvas of the device size whose current transform is `ctx`'s, for drawing an image apart. */
function $offscreen(ctx: $Context, readBack = false): CanvasRenderingContext2D {
  const canvas = document.createElement("canvas");
  canvas.width = ctx.canvas.width;
  canvas.height = ctx.canvas.height;
  const inner = canvas.getContext("2d", { willReadFrequently: readBack })!;
  inner.setTransform(ctx.getTransform());
  return inner;
}

/**
 * A mask (Grammar.md §11, "Masks"): Canvas 2D has none, so the content and the body are each drawn
 * into an offscreen canvas of the device size with the current transform, the content turned into
 * alpha (for luminance: 0.2125·R + 0.7154·G + 0.0721·B of its sRGB color times its alpha, the
 * coefficients of the SVG's default `mask-type` as librsvg, resvg and Chromium draw it), the body
 * kept where that alpha says (`destination-in`), and the result drawn back with an identity transform
 * (under the clips of `ctx`).
 */
function $masked(ctx: $Context, mode: string, content: $Item[], items: $Item[]): void {
  // A canvas of no pixels shows nothing, and drawImage refuses an empty image.
  if (ctx.canvas.width === 0 || ctx.canvas.height === 0) return;
  const mask = $offscreen(ctx, mode === "luminance");
  $render(mask, content);
  if (mode === "luminance") {
    const image = mask.getImageData(0, 0, mask.canvas.width, mask.canvas.height);
    const px = image.data;
    for (let i = 0; i < px.length; i += 4) {
      // Unpremultiplied bytes: the luminance times the alpha is the alpha a premultiplied pixel's luminance gives.
      px[i + 3] = Math.round((0.2125 * px[i] + 0.7154 * px[i + 1] + 0.0721 * px[i + 2]) * px[i + 3] / 255);
      px[i] = px[i + 1] = px[i + 2] = 0;
    }
    mask.putImageData(image, 0, 0);
  }
  const body = $offscreen(ctx);
  $render(body, items);
  body.setTransform(1, 0, 0, 1, 0, 0);
  body.globalCompositeOperation = "destination-in";
  body.drawImage(mask.canvas, 0, 0);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(body.canvas, 0, 0);
}

/** How a scene's natural size fits a target frame (PaintCode's resizing behaviours). */
export type Resizing = "aspectFit" | "aspectFill" | "stretch" | "center";
export type Frame = { x: number; y: number; width: number; height: number };

function $fit(ctx: $Context, width: number, height: number, frame: Frame | undefined, resizing: Resizing | undefined): void {
  const f = frame ?? { x: 0, y: 0, width, height };
  let sx = f.width / width, sy = f.height / height;
  switch (resizing ?? "aspectFit") {
    case "aspectFit": sx = sy = Math.min(sx, sy); break;
    case "aspectFill": sx = sy = Math.max(sx, sy); break;
    case "center": sx = sy = 1; break;
    case "stretch": break;
  }
  ctx.translate(f.x + (f.width - width * sx) / 2, f.y + (f.height - height * sy) / 2);
  ctx.scale(sx, sy);
}

/** textWidth(…) with the browser's own text engine, as <text> draws. */
let $measuring: CanvasRenderingContext2D | null = null;
function $measure(text: string, family: string, size: number, weight: number): number {
  const ctx = $measuring ??= document.createElement("canvas").getContext("2d")!;
  ctx.font = `${weight} ${size}px "${family}"`;
  return ctx.measureText(text).width;
}

/** Runs a scene's evaluation, then draws its display list fitted into the frame; the error instead of throwing. */
function $draw(ctx: CanvasRenderingContext2D, width: number, height: number, frame: Frame | undefined, resizing: Resizing | undefined,
               evaluate: () => $Item[]): SceneError | null {
  let items: $Item[];
  try {
    items = evaluate();
  } catch (error) {
    if (error instanceof SceneError) return error;
    return new SceneError("E0000", String(error), "");
  } finally {
    $evaluating = null;
  }
  ctx.save();
  try {
    $fit(ctx, width, height, frame, resizing);
    $canvasSpace = ctx.getTransform();
    $render(ctx, items);
  } catch (error) {
    // Nothing the canvas refuses may escape to the app either.
    return new SceneError("E0000", `the canvas refused to draw: ${String(error)}`, "");
  } finally {
    $canvasSpace = null;
    ctx.restore();
  }
  return null;
}
// ---- end of the scenec runtime ----
