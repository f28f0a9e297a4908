export declare const SMS_TEST_ACCOUNT: { accountSid: string; authToken: string }
export declare function twilioSignature(authToken: string, url: string, params: URLSearchParams): string
export declare function startSmsProvider(dir: string): Promise<{ url: string; dir: string; stop: () => Promise<void> }>
