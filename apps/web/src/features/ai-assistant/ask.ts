/** The window event other screens dispatch to put a question to the AI assistant from outside its drawer. */
export const AI_ASK_EVENT = 'ac:ai-assistant-ask';

/**
 * Asks the AI assistant from anywhere in the app: the drawer opens with the question. While an
 * answer is pending the author is told 'AI助理请求频繁，请稍后再试' (§5) and nothing is sent.
 */
export function askAiAssistant(question: string): void {
  window.dispatchEvent(new CustomEvent(AI_ASK_EVENT, { detail: question }));
}
