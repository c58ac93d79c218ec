// The module the build's icon-sprite plugin provides (scripts/icon-sprite.ts): the sprite's address.
declare module "virtual:icon-sprite" {
  const href: string;
  export default href;
}
