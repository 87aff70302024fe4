import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminMaintenanceWindowsController } from './admin-maintenance-windows.controller.js';
import { MaintenanceWindow } from './maintenance-window.entity.js';
import { MaintenanceController } from './maintenance.controller.js';
import { MaintenanceService } from './maintenance.service.js';

/** Maintenance banner windows (spec §4, §7; DESIGN §8, §10 Manage Banner). */
@Module({
  imports: [TypeOrmModule.forFeature([MaintenanceWindow])],
  controllers: [MaintenanceController, AdminMaintenanceWindowsController],
  providers: [MaintenanceService],
  exports: [MaintenanceService],
})
export class MaintenanceModule {}
