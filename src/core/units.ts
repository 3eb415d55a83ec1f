// The one place Tendril converts between temperature scales. Rules compare in °C; these give a
// reading in the other scale unrounded, and each caller rounds as its display needs (whole °F in
// sentences and on cards, one decimal in the weather payload's temperatureF).

/** °C → °F. Written (c × 9) / 5 + 32 rather than c × 1.8 + 32: the two differ in the last bit for
 * some inputs, and a rounding caller at a .5 boundary would show it. */
export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

/** °F → °C (a provider that answered in °F). */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}
