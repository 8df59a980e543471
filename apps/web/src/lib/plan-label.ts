/** Plan ids are kebab-case identifiers; people read "Basic plan". */
export function planLabel(planId: string): string {
  const words = planId
    .replace(/^(raven|tapclicks)-v1-/, '')
    .split(/[-_]/)
    .filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
