// The "Citefinder" output channel: activation time, searches, warnings and errors.
import * as vscode from 'vscode';

let channel: vscode.OutputChannel | undefined;

export function outputChannel(): vscode.OutputChannel {
  channel ??= vscode.window.createOutputChannel('Citefinder');
  return channel;
}

export function log(message: string): void {
  outputChannel().appendLine(`[${new Date().toISOString()}] ${message}`);
}

export function disposeLog(): void {
  channel?.dispose();
  channel = undefined;
}
