import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { coursePackageMessages as msg, MANIFEST_NAME, PACKAGE_FILE, packageLimits } from '@school/shared/staff/course-packages';
import { badRequest } from '../../lib/errors';

const fromBuffer = promisify<Buffer, yauzl.Options, ZipFile>(yauzl.fromBuffer);
/** yauzl's own refusals of a name (absolute, `..`, a backslash), which name the entry after the colon. */
const NAME_REFUSAL = /^(?:invalid characters in fileName|absolute path|invalid relative path): (.*)$/s;

const refusal = (error: unknown) => {
  const name = error instanceof Error ? NAME_REFUSAL.exec(error.message)?.[1] : undefined;
  return name === undefined ? badRequest(msg.notZip, 'package_invalid') : badRequest(msg.entryName(name), 'package_invalid');
};

/** A package opened for reading: its file names, and each file's bytes on demand. */
export interface OpenPackage {
  names: ReadonlySet<string>;
  read(name: string): Promise<Buffer>;
  close(): void;
}

/**
 * Opens a course package, refusing before anything is unpacked what could harm: an entry outside manifest.json and
 * files/ (absolute, `..`, anything else), too many entries, or more unpacked bytes than the limit. yauzl then holds
 * every entry to the size it declares, so a lying header cannot unpack more.
 */
export async function openPackage(zip: Buffer): Promise<OpenPackage> {
  const file = await fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }).catch((error: unknown) => {
    throw refusal(error);
  });
  try {
    const entries = await listEntries(file);
    return {
      names: new Set(entries.keys()),
      read: async (name) => {
        const entry = entries.get(name);
        if (!entry) throw badRequest(msg.missingFile(name), 'package_invalid');
        return readEntry(file, entry);
      },
      close: () => file.close(),
    };
  } catch (error) {
    file.close();
    throw error;
  }
}

function listEntries(file: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let unpacked = 0;
    const fail = (error: Error) => reject(error);
    file.on('error', (error: unknown) => fail(refusal(error)));
    file.on('entry', (entry: Entry) => {
      // A folder entry holds nothing; `files/` alone is how some tools write the folder.
      if (entry.fileName === 'files/') return file.readEntry();
      if (entry.fileName !== MANIFEST_NAME && !PACKAGE_FILE.test(entry.fileName)) return fail(badRequest(msg.entryName(entry.fileName), 'package_invalid'));
      if (entries.size >= packageLimits.entries) return fail(badRequest(msg.tooManyEntries, 'package_too_large'));
      unpacked += entry.uncompressedSize;
      if (unpacked > packageLimits.unpackedBytes) return fail(badRequest(msg.tooLarge, 'package_too_large'));
      if (entry.fileName === MANIFEST_NAME && entry.uncompressedSize > packageLimits.manifestBytes) return fail(badRequest(msg.tooLarge, 'package_too_large'));
      entries.set(entry.fileName, entry);
      file.readEntry();
    });
    file.on('end', () => resolve(entries));
    file.readEntry();
  });
}

async function readEntry(file: ZipFile, entry: Entry): Promise<Buffer> {
  const openReadStream = promisify(file.openReadStream.bind(file)) as (entry: Entry) => Promise<NodeJS.ReadableStream>;
  try {
    const stream = await openReadStream(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch {
    // Encrypted, an unknown compression, or more bytes than declared.
    throw badRequest(msg.notZip, 'package_invalid');
  }
}
