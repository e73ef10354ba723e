/** A normalised key's words (`plomberie`, `carrelage gres cerame 60x60`) as a heading: its first letter in capital. */
export function keyLabel(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
