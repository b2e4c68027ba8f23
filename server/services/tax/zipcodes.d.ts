// The `zipcodes` package ships no types; only the lookup the server uses is declared.
declare module 'zipcodes' {
  interface ZipInfo {
    zip: string;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { lookup(zip: string | number): ZipInfo | undefined };
  export default zipcodes;
}
