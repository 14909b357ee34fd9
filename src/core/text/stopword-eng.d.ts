// The `stopword` package ships no types. We import only its English list (2 KB) instead of the
// 62-language bundle so the extension does not pay for languages it never uses.
declare module 'stopword/src/stopwords_eng.js' {
  export const eng: string[];
}
