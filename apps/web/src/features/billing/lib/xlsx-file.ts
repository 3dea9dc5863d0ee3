import { BILLING_FILE_MAX_BYTES } from '@rehabit/contract';
import { formatFileSize } from '@web/components/ui/format/format.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The bytes of a base64 text (the API's file content). */
export function bytesOfBase64(content: string): Uint8Array<ArrayBuffer> {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Bytes as base64, a slice at a time: one call with millions of arguments would overflow the stack. */
export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let at = 0; at < bytes.length; at += slice) {
    binary += String.fromCharCode(...bytes.subarray(at, at + slice));
  }
  return btoa(binary);
}

// An .xlsx workbook is a ZIP archive: it starts with a ZIP entry's signature, `PK\x03\x04`.
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** A chosen workbook ready to send: its name as the API takes it and its content as base64. */
export type ChosenWorkbook = { name: string; content: string };

/**
 * Reads a file chosen as a corrected billing file; answers a sentence saying what is wrong when it is not an .xlsx
 * workbook of at most 5 MB.
 */
export async function readWorkbook(file: File): Promise<ChosenWorkbook | { error: string }> {
  if (!/\.xlsx$/i.test(file.name)) {
    return { error: `“${file.name}” is not an Excel workbook. Choose the corrected file as .xlsx.` };
  }
  if (file.size > BILLING_FILE_MAX_BYTES) {
    return { error: `“${file.name}” is ${formatFileSize(file.size)}; a billing file can be at most 5 MB.` };
  }
  const bytes = await bytesOf(file);
  if (!ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    return { error: `“${file.name}” is named .xlsx but is not an Excel workbook. Save it from Excel as .xlsx.` };
  }
  return { name: workbookName(file.name), content: base64OfBytes(bytes) };
}

/** A file's bytes, read the way every browser (and the test DOM) can. */
export function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** The file's name as the API accepts it: letters, digits, spaces and . _ - ( ), at most 120 characters. */
export function workbookName(name: string): string {
  const stem = name
    .replace(/\.xlsx$/i, '')
    .replace(/[^\w .()-]+/g, '-')
    .trim()
    .slice(0, 115);
  return `${stem || 'billing'}.xlsx`;
}
