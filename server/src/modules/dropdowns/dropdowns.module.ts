import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminDropdownsController } from './admin-dropdowns.controller.js';
import { Dropdown } from './dropdown.entity.js';
import { DropdownsController } from './dropdowns.controller.js';
import { DropdownsService } from './dropdowns.service.js';

/** Option lists (spec §3, §7; DESIGN §10 Manage Dropdowns). */
@Module({
  imports: [TypeOrmModule.forFeature([Dropdown])],
  controllers: [DropdownsController, AdminDropdownsController],
  providers: [DropdownsService],
  exports: [DropdownsService],
})
export class DropdownsModule {}
