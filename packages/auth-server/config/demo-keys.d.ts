// Types of demo-keys.js: `supabase start`'s public demo JWT secret and API keys.
export declare const DEMO_JWT_SECRET: string;
export declare const DEMO_ANON_KEY: string;
export declare const DEMO_SERVICE_ROLE_KEY: string;
