import { Command } from 'commander'

export function buildProgram(): Command {
  const program = new Command('ludex').description('Open-source analytics for Roblox experiences')
  return program
}
