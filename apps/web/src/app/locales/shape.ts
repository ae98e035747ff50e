/** The shape every language of a namespace must fill: the same keys (and list lengths), any text. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends readonly string[] ? readonly string[] : Texts<T[K]> };
