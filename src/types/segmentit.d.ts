declare module 'segmentit' {
  export const pangu: string;
  export const panguExtend1: string;
  export const panguExtend2: string;
  export const stopword: string;
}
