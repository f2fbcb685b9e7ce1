/** The product's name: atop the menu, on the sign-in page, and in the browser tab (index.html). */
export const PRODUCT_NAME = "Passport Back Office";
