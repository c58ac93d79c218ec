// An esbuild plugin for the server-side bundles: bare imports stay external npm packages, except
// the workspace's own (@portal/*), whose TypeScript sources are bundled in.
export const externalNpmPackages = {
  name: "external-npm-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, (args) =>
      args.path.startsWith("@portal/") ? undefined : { path: args.path, external: true },
    );
  },
};
